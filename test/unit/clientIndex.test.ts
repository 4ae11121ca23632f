import type { IDataObject } from 'n8n-workflow';

import { ClientIndex } from '../../nodes/MakeLeaps/helpers/clientIndex';

const client = (mid: string, externalId?: string): IDataObject => ({
	mid,
	client_external_id: externalId,
	contacts: [],
});

function indexOf(clients: IDataObject[]) {
	const loads: number[] = [];
	const index = new ClientIndex(async (itemIndex) => {
		loads.push(itemIndex);
		return clients;
	});
	return { index, loads };
}

describe('ClientIndex', () => {
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

	test('a failed read is not reused; forget() makes the next lookup read again', async () => {
		let calls = 0;
		const index = new ClientIndex(async () => {
			calls++;
			if (calls === 1) throw new Error('unavailable');
			return [client('1', 'A')];
		});
		await expect(index.find('A', 0)).rejects.toThrow('unavailable');
		expect(await index.find('A', 1)).toHaveLength(1);
		index.forget();
		await index.find('A', 2);
		expect(calls).toBe(3);
	});

	test('external IDs whose create is uncertain are remembered for the run', () => {
		const { index } = indexOf([]);
		index.markUncertain('X');
		expect(index.isUncertain('X')).toBe(true);
		expect(index.isUncertain('Y')).toBe(false);
	});
});
