/**
 * What the editor shows for each operation, as n8n decides it from the node's description:
 * one Options collection, holding the operation's own options and Requests Per Minute; the
 * fields it marks required; the subtitle the canvas shows.
 */
import {
	NodeHelpers,
	Workflow,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
} from 'n8n-workflow';

import { NodeTypes } from '../../../dev/harness/engine';
import { MakeLeapsApi } from '../../../credentials/MakeLeapsApi.credentials';
import { clientFields } from '../../../nodes/MakeLeaps/actions/client/client.fields';
import { contactFields } from '../../../nodes/MakeLeaps/actions/contact/contact.fields';
import { documentFields } from '../../../nodes/MakeLeaps/model/documentFields';
import type { FieldTable } from '../../../nodes/MakeLeaps/model/fields';
import { MakeLeaps } from '../../../nodes/MakeLeaps/MakeLeaps.node';
import { MakeLeapsTrigger } from '../../../nodes/MakeLeaps/MakeLeapsTrigger.node';

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
			'createMissingTags',
			'groupBy',
			'scanFrom',
			'previewOnly',
			'requestsPerMinute',
			'sameExternalId',
		]);
		expect(optionNames('document', 'send')).toEqual([
			'cardPayments',
			'attachments',
			'perOrder',
			'requestsPerMinute',
			'force',
			'waitSeconds',
		]);
		expect(optionNames('client', 'create')).toEqual(['requestsPerMinute']);
		// where a document's Tag Names or IDs is shown
		expect(optionNames('document', 'create')).toEqual([
			'createMissingTags',
			'groupBy',
			'requestsPerMinute',
		]);
		expect(optionNames('document', 'update')).toEqual([
			'createMissingTags',
			'replaceRecordedDays',
			'requestsPerMinute',
		]);
	});

	test('Preview Only is offered where a write can be previewed: Create or Update, Delete, Client Update, Contact Create and Update, Cancel, Convert, Create Pickup Link', () => {
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
			'document createPickupLink',
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

describe('The editor, in the order a user decides', () => {
	const names = (r: string, o: string) => shown(r, o).map((property) => property.name);

	test('what makes a document the same one comes right after the Document Type and the Client', () => {
		expect(names('document', 'createOrUpdate').slice(3, 8)).toEqual([
			'documentType',
			'client',
			'externalId',
			'documentNumber',
			'clientContact',
		]);
		// Create offers the External ID among the Additional Fields: the Document Number identifies
		expect(names('document', 'create').slice(3, 7)).toEqual([
			'documentType',
			'client',
			'documentNumber',
			'clientContact',
		]);
	});

	test('where rows can be grouped, a notice says what Group Rows By does and how output pairs', () => {
		const notices = operations.flatMap(([r, o]) =>
			shown(r, o)
				.filter(
					(property) => property.type === 'notice' && /Group Rows By/.test(property.displayName),
				)
				.map((property) => ({ at: `${r} ${o}`, text: property.displayName })),
		);
		expect(notices.map(({ at }) => at)).toEqual(['document create', 'document createOrUpdate']);
		for (const { text } of notices) {
			expect(text).toMatch(/one document/);
			expect(text).toMatch(/paired with the group's first row/);
			expect(text).toMatch(/may leave the document fields empty/);
			expect(text.split(/[.?!](?:\s|$)/).filter(Boolean).length).toBeLessThanOrEqual(2);
		}
	});

	test("Client → Update groups the client's own settings, then its organization's, person's and address's fields", () => {
		// Default Client keeps its place (saved workflows have it there) and points to the rest
		expect(names('client', 'update').slice(2, 6)).toEqual([
			'partner',
			'client',
			'defaultClient',
			'updateFields',
		]);
		const update = shown('client', 'update');
		expect(update.find((p) => p.name === 'defaultClient')?.description).toMatch(
			/Default Contact and Client External ID/,
		);
		const fields = (update.find((p) => p.name === 'updateFields')?.options ??
			[]) as INodeProperties[];
		const groups = fields.map(({ displayName }) =>
			/^(Default|Client External)/.test(displayName)
				? 'client'
				: (/^(Organization|Person|Address) /.exec(displayName)?.[1] ?? displayName),
		);
		expect(groups.filter((group, i) => group !== groups[i - 1])).toEqual([
			'client',
			'Organization',
			'Person',
			'Address',
		]);
		expect(fields.slice(0, 2).map((field) => field.displayName)).toEqual([
			'Default Contact',
			'Client External ID',
		]);
	});
});

describe('The editor, the fields of a document (its field table, model/documentFields.ts)', () => {
	/** The document fields an operation shows, of their own or in a collection, in that order. */
	const documentFieldsOf = (operation: string) => {
		const names = new Set(documentFields.fields.map((field) => field.name));
		return shown('document', operation)
			.flatMap((property) =>
				property.type === 'collection'
					? (property.options as INodeProperties[]).map((option) => option.name)
					: [property.name],
			)
			.filter((name) => names.has(name));
	};

	test('each write shows the fields the table gives it (a new field is added to these lists)', () => {
		const additional = ['externalId', 'message', 'note', 'projectName', 'tags', 'title'];
		expect(documentFieldsOf('create')).toEqual([
			'documentNumber',
			'date',
			'dueDate',
			'currency',
			...additional,
			'validUntil',
		]);
		expect(documentFieldsOf('createOrUpdate')).toEqual([
			'externalId',
			'documentNumber',
			'date',
			'dueDate',
			'currency',
			...additional.slice(1),
			'validUntil',
		]);
		expect(documentFieldsOf('update')).toEqual([
			'dueDate',
			'message',
			'note',
			'projectName',
			'tags',
			'title',
			'validUntil',
		]);
		expect(documentFieldsOf('get')).toEqual([]);
	});
});

describe('The editor, a line of Line Items', () => {
	const lineItems = properties.find((p) => p.name === 'lineItems');
	const [line] = (lineItems?.options ?? []) as Array<{ values: INodeProperties[] }>;
	/** The fields n8n shows on a line of this kind, in the order it shows them. */
	const shownOn = (kind: string) =>
		line.values
			.filter((field) => NodeHelpers.displayParameter({ kind }, field, null, node.description))
			.map((field) => field.name);

	test('Type of Line first; on a line from the catalog its item right after; then the columns of an invoice', () => {
		expect(shownOn('catalog')).toEqual([
			'kind',
			'catalogItem',
			'description',
			'quantity',
			'quantityUnit',
			'unitPrice',
			'taxRate',
			'taxType',
			'withholdingTax',
		]);
		expect(shownOn('normal')).toEqual([
			'kind',
			'description',
			'quantity',
			'quantityUnit',
			'unitPrice',
			'taxRate',
			'taxType',
			'withholdingTax',
		]);
		expect(shownOn('simple')).toEqual([
			'kind',
			'description',
			'price',
			'taxRate',
			'taxType',
			'withholdingTax',
		]);
		expect(shownOn('text')).toEqual(['kind', 'description']);
	});

	test('Quantity and Tax Rate are one field each, empty (a dropped column is then the whole value), saying what empty means', () => {
		const fields = (name: string) => line.values.filter((field) => field.name === name);
		expect(fields('quantity')).toEqual([
			expect.objectContaining({ default: '', placeholder: '1', hint: 'Empty means 1' }),
		]);
		expect(fields('taxRate')).toEqual([
			expect.objectContaining({
				default: '',
				placeholder: '10',
				hint: "Empty means 10, or the catalog item's rate on a line from the catalog",
			}),
		]);
		expect(fields('taxRate')[0].description).toMatch(/10 for 10 %, 8 for the reduced rate/);
	});
});

describe("The editor's pickers", () => {
	/** Every field of a description, those inside collections and lines included. */
	const everyField = (items: INodeProperties[]): INodeProperties[] =>
		items.flatMap((property) => [
			property,
			...everyField(
				(property.options ?? []).flatMap((option) =>
					'values' in option ? option.values : 'type' in option ? [option] : [],
				),
			),
		]);

	test('each way to pick a record shows whole in the mode selector', () => {
		const fields = everyField([...properties, ...new MakeLeapsTrigger().description.properties]);
		const modes = fields.flatMap((field) => field.modes ?? []);
		expect(modes.length).toBeGreaterThan(10);
		// n8n names list, url and id itself ("From list", "By URL", "By ID"); its selector shows
		// about 43 px of text: "By Code" fits, of "By External ID" it showed "By Exter"
		const named = modes.filter((mode) => !['list', 'url', 'id'].includes(mode.name));
		expect([...new Set(named.map((mode) => mode.displayName))].sort()).toEqual([
			'By Code',
			'Ext. ID',
		]);
		for (const mode of named) expect(mode.displayName.length).toBeLessThanOrEqual(7);
		const client = fields.find((field) => field.name === 'client' && field.modes);
		expect(client?.modes?.find((mode) => mode.name === 'externalId')?.hint).toMatch(
			/Client External ID/,
		);
	});
});

describe('The editor names each field one way', () => {
	const tables: Record<string, FieldTable> = {
		client: clientFields,
		contact: contactFields,
		document: documentFields,
	};
	/** The kind of contact a field of Contact exists on: the others are on either kind. */
	const KIND: Record<string, string> = {
		family_name: 'person',
		given_name: 'person',
		name: 'organization',
	};
	/** Fields a record of their own has: Send's are its sending order's, not the document's. */
	const RECORD: Record<string, string> = { 'document send': 'sendingOrder' };
	/**
	 * Where another name says more: Convert's type is the type of the document it makes; Get
	 * Many's Tags filter is a text of names, not the tags a write picks (Tag Names or IDs).
	 */
	const NAMED_FOR_ITS_OPERATION = ['document convert documentType', 'document getAll tags'];

	/**
	 * The MakeLeaps field a property sets: a table's field by its API path (a client's contact
	 * fields as `person.…` or `organization.…`, a contact's with the kind it exists on, or
	 * `contact.…` when either kind has it), any other by its name within its record.
	 */
	function apiField(resource: string, operation: string, property: INodeProperties) {
		const record = RECORD[`${resource} ${operation}`] ?? resource;
		const spec =
			record === resource
				? tables[resource]?.fields.find((f) => f.name === property.name)
				: undefined;
		if (!spec) return `${record}.${property.name}`;
		if (resource === 'contact') return `${KIND[spec.api] ?? 'contact'}.${spec.api}`;
		return spec.api.includes('.') ? spec.api : `${resource}.${spec.api}`;
	}

	test('no API field has two display names across the operations of Client, Contact and Document', () => {
		const names = new Map<string, Set<string>>();
		const walk = (r: string, o: string, items: INodeProperties[]) => {
			for (const property of items) {
				if (
					property.type === 'notice' ||
					NAMED_FOR_ITS_OPERATION.includes(`${r} ${o} ${property.name}`)
				)
					continue;
				const field = apiField(r, o, property);
				names.set(field, (names.get(field) ?? new Set()).add(property.displayName));
				if (property.type === 'collection') walk(r, o, property.options as INodeProperties[]);
			}
		};
		for (const [r, o] of operations.filter(([r]) => r in tables)) walk(r, o, shown(r, o));
		const twice = [...names]
			.filter(([, set]) => set.size > 1)
			.map(([field, set]) => `${field}: ${[...set].join(' / ')}`);
		expect(twice).toEqual([]);
		// a person's names are the same field in Client and in Contact
		expect(names.get('person.family_name')).toEqual(new Set(['Person Family Name']));
		expect(names.get('organization.name')).toEqual(new Set(['Organization Name']));
	});
});

/** The subtitle n8n's canvas shows under a node saved with these parameters. */
function subtitleOf(nodeType: INodeType, parameters: INodeParameters, typeVersion: number) {
	const type = `n8n-nodes-makeleaps.${nodeType.description.name}`;
	const node: INode = { id: 'n', name: 'N', type, typeVersion, position: [0, 0], parameters };
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes({ [type]: nodeType }),
	});
	const subtitle = nodeType.description.subtitle as string;
	return workflow.expression.getSimpleParameterValue(
		workflow.getNode('N')!,
		subtitle,
		'internal',
		{},
	);
}

describe("The canvas: a node's subtitle names the pickers as the panel does", () => {
	test.each([
		[{ resource: 'client', operation: 'createOrUpdate' }, 'Create or Update: Client'],
		[{ operation: 'createOrUpdate' }, 'Create or Update: Client'],
		[{ resource: 'document', operation: 'getAll' }, 'Get Many: Document'],
		[{ resource: 'document', operation: 'createPickupLink' }, 'Create Pickup Link: Document'],
		[{ resource: 'account', operation: 'check' }, 'Check: Account'],
		[{ resource: 'sendingOrder', operation: 'cancel' }, 'Cancel: Sending Order'],
	])('MakeLeaps %p: %s', (parameters, shown) => {
		expect(subtitleOf(node, parameters, 2)).toBe(shown);
	});

	test.each([
		['documentPaid', 'Document Paid'],
		['newClient', 'New Client'],
		// a withdrawn event a saved workflow keeps, as it is
		['documentViewed', 'documentViewed'],
	])('MakeLeaps Trigger %s: %s', (event, shown) => {
		expect(subtitleOf(new MakeLeapsTrigger(), { event }, 4)).toBe(shown);
	});
});

describe('Required fields, as the editor marks them (an issue while empty)', () => {
	const issuesOf = (parameters: INodeParameters) => {
		const nodeParameters = NodeHelpers.getNodeParameters(
			properties,
			parameters,
			true,
			false,
			null,
			node.description,
		)!;
		const shape = {
			name: 'MakeLeaps',
			type: 'n8n-nodes-makeleaps.makeLeaps',
			parameters: nodeParameters,
			typeVersion: 2,
		} as unknown as INode;
		return (
			NodeHelpers.getNodeParametersIssues(properties, shape, node.description)?.parameters ?? {}
		);
	};

	test('Client External ID on Client → Create or Update, not on Client → Create', () => {
		expect(issuesOf({ resource: 'client', operation: 'createOrUpdate' })).toHaveProperty(
			'clientExternalId',
		);
		expect(
			issuesOf({ resource: 'client', operation: 'createOrUpdate', clientExternalId: 'C-1' }),
		).not.toHaveProperty('clientExternalId');
		expect(issuesOf({ resource: 'client', operation: 'create' })).not.toHaveProperty(
			'clientExternalId',
		);
	});
});

describe("Tag names from an expression: no 'not supported' warning", () => {
	// n8n's editor checks an options field's value against its list, unless it allows others
	test('every tag list the editor loads takes names from an expression', () => {
		const tagFields = [
			...properties,
			...(properties.find((p) => p.name === 'additionalFields')?.options ?? []),
			...properties.flatMap((p) => (p.options ?? []) as INodeProperties[]),
			...new MakeLeapsTrigger().description.properties,
		].filter(
			(p): p is INodeProperties =>
				typeof p === 'object' &&
				p !== null &&
				'typeOptions' in p &&
				(p as INodeProperties).typeOptions?.loadOptionsMethod === 'getTags',
		);
		expect(tagFields.length).toBeGreaterThanOrEqual(2);
		for (const field of tagFields) expect(field.allowArbitraryValues).toBe(true);
	});
});
