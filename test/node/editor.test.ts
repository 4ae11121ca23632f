/**
 * What the editor shows for each operation, as n8n decides it from the node's description:
 * one Options collection, holding the operation's own options and Requests Per Minute.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { MakeLeapsApi } from '../../credentials/MakeLeapsApi.credentials';
import { MakeLeaps } from '../../nodes/MakeLeaps/MakeLeaps.node';

const node = new MakeLeaps();
const { properties } = node.description;

const operations = (properties.find((p) => p.name === 'resource')?.options ?? []).flatMap(
	(resource) => {
		const value = (resource as { value: string }).value;
		const picker = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
		);
		return ((picker?.options ?? []) as Array<{ value: string }>).map((o) => [value, o.value]);
	},
);

/** The properties n8n shows for a resource and operation. */
function shown(resource: string, operation: string): INodeProperties[] {
	const parameters: INodeParameters = { resource, operation };
	return properties.filter((property) =>
		NodeHelpers.displayParameter(parameters, property, null, node.description),
	);
}

describe('The editor', () => {
	test('lists every operation', () => {
		expect(operations.length).toBeGreaterThan(15);
	});

	test.each(operations)(
		'%s → %s shows one Options collection, with Requests Per Minute',
		(r, o) => {
			const options = shown(r, o).filter((property) => property.displayName === 'Options');
			expect(options).toHaveLength(1);
			expect(options[0].name).toBe('options');
			const names = (options[0].options as INodeProperties[]).map((option) => option.displayName);
			expect(names).toContain('Requests Per Minute');
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		},
	);

	test('each operation keeps its own options in that collection', () => {
		const optionNames = (r: string, o: string) =>
			((shown(r, o).find((p) => p.name === 'options')?.options ?? []) as INodeProperties[]).map(
				(option) => option.name,
			);
		expect(optionNames('client', 'get')).toEqual(['includeContacts', 'requestsPerMinute']);
		expect(optionNames('document', 'createOrUpdate')).toEqual([
			'groupBy',
			'scanFrom',
			'previewOnly',
			'requestsPerMinute',
		]);
		expect(optionNames('document', 'send')).toEqual([
			'cardPayments',
			'perOrder',
			'requestsPerMinute',
			'force',
			'waitSeconds',
		]);
		expect(optionNames('client', 'create')).toEqual(['requestsPerMinute']);
	});

	test('Preview Only is offered where a write can be previewed: Create or Update, Delete, Client Update, Contact Create and Update, Cancel, Convert', () => {
		const previewable = operations
			.filter(([r, o]) =>
				((shown(r, o).find((p) => p.name === 'options')?.options ?? []) as INodeProperties[]).some(
					(option) => option.name === 'previewOnly',
				),
			)
			.map(([r, o]) => `${r} ${o}`);
		expect(previewable).toEqual([
			'client createOrUpdate',
			'client delete',
			'client update',
			'contact create',
			'contact update',
			'document cancel',
			'document convert',
			'document createOrUpdate',
			'document delete',
		]);
	});

	test('Account → Check shows the Partner, a notice that it only reads, and Options', () => {
		expect(shown('account', 'check').map((property) => property.name)).toEqual([
			'resource',
			'operation',
			'partner',
			'checkNotice',
			'options',
		]);
	});
});

describe('The editor marks what the service needs', () => {
	test('every record an operation acts on, every key it finds a record by, the type and channels are required', () => {
		const required = operations.flatMap(([r, o]) =>
			shown(r, o)
				.filter((property) => property.required)
				.map((property) => `${r} ${o} ${property.name}`),
		);
		expect(required).toEqual(
			expect.arrayContaining([
				'client createOrUpdate clientExternalId',
				'client get client',
				'client update client',
				'client delete client',
				'contact getAll client',
				'document create documentType',
				'document create client',
				'document createOrUpdate externalId',
				'document get document',
				'document update document',
				'document delete document',
				'document downloadPdf document',
				'document send document',
				'document send channels',
				'sendingOrder get sendingOrder',
				'sendingOrder cancel sendingOrder',
			]),
		);
		// optional pickers are not marked: the partner (empty means the only one), Default Client
		expect(
			required.filter((name) => /partner|defaultClient|clientContact|template/.test(name)),
		).toEqual([]);
	});
});

describe('The editor, in the order a user fills things in', () => {
	test("an address's parts are in postal order among the Additional Fields, the rest alphabetical", () => {
		for (const operation of ['create', 'createOrUpdate']) {
			const additional = shown('client', operation).find((p) => p.name === 'additionalFields');
			const names = ((additional?.options ?? []) as INodeProperties[]).map((o) => o.displayName);
			expect(names.filter((name) => name.startsWith('Address '))).toEqual([
				'Address Format',
				'Address Country',
				'Address Postal Code',
				'Address Prefecture or State',
				'Address City',
				'Address Street',
				'Address Building',
			]);
			const others = names.filter((name) => !name.startsWith('Address '));
			expect(others).toEqual([...others].sort((x, y) => x.localeCompare(y)));
			expect(names.indexOf('Address Building')).toBeLessThan(names.indexOf(others[0]));
		}
	});
});

describe('The editor, where a blank or a value needs explaining', () => {
	test('a client needs an organization name or a family name: both fields say so', () => {
		for (const operation of ['create', 'createOrUpdate']) {
			const hints = Object.fromEntries(
				shown('client', operation).map((property) => [property.name, property.hint]),
			);
			expect(hints.organizationName).toBe('Give this, the Person Family Name, or both');
			expect(hints.personFamilyName).toBe('Give this, the Organization Name, or both');
		}
	});

	test('an empty Partner says what it means', () => {
		const partner = properties.filter((property) => property.name === 'partner');
		expect(partner.length).toBeGreaterThan(0);
		for (const property of partner) expect(property.hint).toMatch(/Empty means the only partner/);
	});

	test('the credential asks for what a user has first, and says where to find it', () => {
		const credential = new MakeLeapsApi();
		const fields = credential.properties.filter((property) => property.type !== 'hidden');
		expect(fields.map((field) => field.displayName)).toEqual([
			'Client ID',
			'Client Secret',
			'Base URL',
		]);
		expect(fields[0].hint).toMatch(/Settings > API/);
		expect(fields[1].hint).toMatch(/Settings > API/);
		expect(fields[1].typeOptions?.password).toBe(true);
		expect(fields[2]).toMatchObject({ default: 'https://api.makeleaps.com' });
		expect(fields[2].hint).toMatch(/sandbox/);
	});
});

describe("The editor speaks a user's words", () => {
	test('no label, description, hint or placeholder names an API field (such as default_client), but the keys a list of line items is written with', () => {
		const found: string[] = [];
		const walk = (items: INodeProperties[], path: string) => {
			for (const property of items) {
				for (const key of ['displayName', 'description', 'hint', 'placeholder'] as const) {
					const text = property[key];
					if (typeof text === 'string' && /\b[a-z]+_[a-z_]+\b/.test(text))
						found.push(`${path}${property.name}.${key}`);
				}
				const nested = (property.options ?? []).filter(
					(option): option is INodeProperties =>
						typeof option === 'object' && 'displayName' in option && 'type' in option,
				);
				walk(nested, `${path}${property.name}.`);
			}
		};
		walk(properties, '');
		expect([...new Set(found)]).toEqual(['lineItemsJson.description']);
	});
});
