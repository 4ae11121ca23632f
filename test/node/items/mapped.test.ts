/**
 * A field mapped straight from the item (`{{ $json.key }}`) is read from the item without n8n's
 * expression sandbox. The same field written so that n8n must evaluate it (`{{ ($json.key) }}`)
 * must give the same items, the same errors and the same records, whatever the item holds.
 */
import type { IDataObject } from 'n8n-workflow';

import { useTestBed } from '../support/bed';

const VALUES: Array<[string, unknown]> = [
	['text', 'Example Co'],
	['text with spaces around', '  Example Co  '],
	['empty text', ''],
	['blank text', '   '],
	['number', 42],
	['zero', 0],
	['decimal', 1.5],
	['yes', true],
	['no', false],
	['null', null],
	['object', { name: 'Example Co' }],
	['array', ['Example Co']],
	['date text', '2026-11-23T00:00:00.000Z'],
];

function rows(): IDataObject[] {
	const items: IDataObject[] = VALUES.map(([, value], k) => ({
		k,
		org: value as IDataObject[string],
		'Family Name': value as IDataObject[string],
	}));
	items.push({ k: VALUES.length }); // both keys missing
	items.push({ k: VALUES.length + 1, org: 'Only Org' }); // one key missing
	return items;
}

describe('Fields mapped from the item', () => {
	const bed = useTestBed();

	async function importWith(prefix: string, org: string, family: string) {
		const result = await bed.run(
			{
				operation: 'create',
				clientExternalId: `={{ "${prefix}-" + $json.k }}`,
				organizationName: org,
				personFamilyName: family,
			},
			rows(),
			{ onError: 'continueRegularOutput' },
		);
		expect(result.error).toBeUndefined();
		const stored = new Map(
			bed.sandbox.clients().map((client) => [String(client.client_external_id), client]),
		);
		return result.output.map((item, k) => {
			const record = stored.get(`${prefix}-${k}`);
			const contacts = (record?.contacts ?? []) as IDataObject[];
			return {
				error: item.json.error,
				paired: item.pairedItem,
				contacts: contacts.map(({ contact_type, name, family_name }) => ({
					contact_type,
					name,
					family_name,
				})),
			};
		});
	}

	test('give what n8n evaluating them gives, value by value', async () => {
		const direct = await importWith('A', '={{ $json.org }}', "={{ $json['Family Name'] }}");
		const evaluated = await importWith('B', '={{ ($json.org) }}', "={{ ($json['Family Name']) }}");
		expect(direct).toHaveLength(VALUES.length + 2);
		expect(direct).toEqual(evaluated);
		// the comparison covers both outcomes: clients made and items refused
		expect(direct.filter((item) => item.error === undefined).length).toBeGreaterThan(3);
		expect(direct.filter((item) => item.error !== undefined).length).toBeGreaterThan(1);
	});
});
