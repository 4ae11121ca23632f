import type { IDataObject } from 'n8n-workflow';

import { RecordIndex } from '../../../nodes/MakeLeaps/run/recordIndex';
import { SharedReadFailed } from '../../../nodes/MakeLeaps/run/sharedRead';

const client = (mid: string, externalId?: string): IDataObject => ({
	mid,
	client_external_id: externalId,
	contacts: [],
});

const CLIENTS = { key: 'client_external_id', noun: 'client' };

function indexOf(clients: IDataObject[]) {
	const loads: number[] = [];
	const index = new RecordIndex(async (itemIndex) => {
		loads.push(itemIndex);
		return clients;
	}, CLIENTS);
	return { index, loads };
}

describe('RecordIndex', () => {
	test('reads the list once for any number of lookups, at the first item that needs it', async () => {
		const { index, loads } = indexOf([client('1', 'A'), client('2', 'B'), client('3')]);
		expect(await index.find('B', 4)).toEqual([client('2', 'B')]);
		expect(await index.find('A', 5)).toEqual([client('1', 'A')]);
		expect(await index.find('missing', 6)).toEqual([]);
		expect(loads).toEqual([4]);
	});

	test('lookups waiting for the same read share it', async () => {
		const { index, loads } = indexOf([client('1', 'A')]);
		await Promise.all([index.find('A', 0), index.find('A', 1), index.find('A', 2)]);
		expect(loads).toEqual([0]);
	});

	test('clients that share an external ID are all returned', async () => {
		const { index } = indexOf([client('1', 'TWIN'), client('2', 'TWIN')]);
		expect((await index.find('TWIN', 0)).map((c) => c.mid)).toEqual(['1', '2']);
	});

	test('a client the run creates or changes is found by later items', async () => {
		const { index } = indexOf([client('1', 'A')]);
		await index.find('A', 0);
		await index.record(client('9', 'NEW'));
		await index.record({ ...client('1', 'A'), display_name: 'changed' });
		expect(await index.find('NEW', 1)).toEqual([client('9', 'NEW')]);
		expect(await index.find('A', 1)).toEqual([{ ...client('1', 'A'), display_name: 'changed' }]);
	});

	test('a failed read is not repeated: later items get its reason; forget() reads again', async () => {
		let calls = 0;
		const index = new RecordIndex(async () => {
			calls++;
			if (calls === 1) throw new Error('MakeLeaps is unavailable (HTTP 503) [item 0, row 1]');
			return [client('1', 'A')];
		}, CLIENTS);
		await expect(index.find('A', 0)).rejects.toThrow(
			'MakeLeaps is unavailable (HTTP 503) [item 0, row 1]',
		);
		const later = index.find('A', 1);
		await expect(later).rejects.toBeInstanceOf(SharedReadFailed);
		await expect(index.find('A', 2)).rejects.toThrow(
			'The client list could not be read: MakeLeaps is unavailable (HTTP 503)',
		);
		expect(calls).toBe(1);
		index.forget();
		expect(await index.find('A', 3)).toHaveLength(1);
		expect(calls).toBe(2);
	});

	test('remembers when the run first read the list, across later reads', async () => {
		const { index } = indexOf([]);
		expect(index.firstReadAt).toBeUndefined();
		const before = Date.now();
		await index.find('A', 0);
		const first = index.firstReadAt!;
		expect(first).toBeGreaterThanOrEqual(before);
		index.forget();
		await index.find('A', 1);
		expect(index.firstReadAt).toBe(first);
	});

	test('a client recorded before any read is not taken as the list', async () => {
		const { index, loads } = indexOf([client('1', 'A')]);
		await index.record(client('9', 'NEW'));
		expect(await index.find('A', 0)).toHaveLength(1);
		expect(await index.find('NEW', 0)).toEqual([]);
		expect(loads).toEqual([0]);
	});
});

test('any key: documents by their external ID', async () => {
	const documents = [
		{ mid: '1', external_id: 'ROW-1' },
		{ mid: '2', external_id: '' },
	];
	const index = new RecordIndex(async () => documents, { key: 'external_id', noun: 'invoice' });
	expect(await index.find('ROW-1', 0)).toEqual([documents[0]]);
	expect(await index.find('', 0)).toEqual([]);
});

describe('what came back is checked, not believed', () => {
	const invoices = (documents: IDataObject[]) =>
		new RecordIndex(async () => documents, {
			key: 'external_id',
			noun: 'invoice',
			check: (d) =>
				typeof d.document_type !== 'string'
					? 'without their document_type'
					: d.document_type === 'invoice',
		});

	test('a record the list should not have given (a filter ignored) is never found', async () => {
		const index = invoices([
			{ mid: '1', external_id: 'ROW-1', document_type: 'quote' },
			{ mid: '2', external_id: 'ROW-1', document_type: 'invoice' },
		]);
		expect((await index.find('ROW-1', 0)).map((d) => d.mid)).toEqual(['2']);
	});

	test.each([
		['the key', [{ mid: '1', document_type: 'invoice' }], 'without their external_id'],
		['what a filter needs', [{ mid: '1', external_id: 'X' }], 'without their document_type'],
	])(
		'a list that leaves out %s fails every lookup: "not there" and "not shown" look alike',
		async (_, documents, problem) => {
			const index = invoices(documents);
			await expect(index.find('X', 0)).rejects.toThrow(
				`MakeLeaps' invoice list gives invoices ${problem}, so the node cannot tell which invoice is meant`,
			);
			await expect(index.find('X', 1)).rejects.toBeInstanceOf(SharedReadFailed);
		},
	);

	test('an empty key is a key: the record has none', async () => {
		expect(
			await invoices([{ mid: '1', external_id: null, document_type: 'invoice' }]).find('', 0),
		).toEqual([]);
	});

	test('knownMids: what the run read of a key, only once the list was read', async () => {
		const index = invoices([{ mid: '1', external_id: 'A', document_type: 'invoice' }]);
		expect(await index.knownMids('A')).toBeUndefined();
		await index.find('A', 0);
		expect(await index.knownMids('A')).toEqual(new Set(['1']));
		expect(await index.knownMids('B')).toEqual(new Set());
	});
});
