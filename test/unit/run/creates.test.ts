/**
 * The once of a create (run/creates.ts), seen from what one run knows of the creates of the
 * others: keys are kept apart by account and kind of record, and a create is found by the runs
 * whose list was read before it.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import { CreateOnce, CreatesOfRun, type KeyWords } from '../../../nodes/MakeLeaps/run/creates';
import { ItemOrder } from '../../../nodes/MakeLeaps/run/itemOrder';
import { RecordIndex } from '../../../nodes/MakeLeaps/run/recordIndex';

/** A run of the node on one account (its Base URL): what the once reads of it. */
const runOn = (baseUrl: string) => ({
	transport: { baseUrl },
	preview: false,
	createsOfRun: new CreatesOfRun(),
	itemOrder: new ItemOrder(),
});

/** Each test its own account: the creates of a process are kept across runs. */
let accounts = 0;
const account = () => `https://makeleaps.test/${++accounts}/`;

const item = {
	itemIndex: 0,
	fail(message: string, description?: string): never {
		throw Object.assign(new Error(message), { description });
	},
	settle(): never {
		throw new Error('no write here');
	},
};

const words: KeyWords = {
	records: 'clients',
	key: 'Client External ID',
	nameOf: (record) => String(record.mid),
	create: (key) => `Client External ID "${key}"`,
	lookFor: 'Look for it in MakeLeaps',
};

const indexOf = (clients: IDataObject[]) =>
	new RecordIndex(async () => clients, { key: 'client_external_id', noun: 'client' });

const later = async () => await sleep(5);

describe('CreateOnce: what a run knows of the creates of this process', () => {
	test('a record made for a key is found by the runs on the account, for that kind of record only', () => {
		const url = account();
		const [client, document, otherAccount] = [
			new CreateOnce(runOn(url), 'client'),
			new CreateOnce(runOn(url), 'document invoice'),
			new CreateOnce(runOn(account()), 'client'),
		];
		new CreateOnce(runOn(url), 'client').made('K-1', { mid: '1' });
		expect(client.earlier('K-1')).toMatchObject({ record: { mid: '1' } });
		expect(document.earlier('K-1')).toBeUndefined();
		expect(otherAccount.earlier('K-1')).toBeUndefined();
	});

	test('a create by another run after this run read its list is found', async () => {
		const url = account();
		const index = indexOf([]);
		const once = new CreateOnce(runOn(url), 'client', index);
		const other = new CreateOnce(runOn(url), 'client');
		expect(await once.existing(item, 'K-2', words)).toBeUndefined();
		await later();
		other.made('K-2', { mid: '2' });
		await later();
		expect(await once.existing(item, 'K-2', words)).toEqual({ mid: '2' });
	});

	test('a run without a list finds nothing that nobody made', async () => {
		const once = new CreateOnce(runOn(account()), 'client');
		expect(await once.existing(item, 'K-3', words)).toBeUndefined();
	});

	test('records that already share the key are named, not guessed between', async () => {
		const index = indexOf([
			{ mid: '11', client_external_id: 'TWIN' },
			{ mid: '12', client_external_id: 'TWIN' },
		]);
		const once = new CreateOnce(runOn(account()), 'client', index);
		await expect(once.existing(item, 'TWIN', words)).rejects.toMatchObject({
			message: '2 clients have Client External ID "TWIN"',
			description: 'Remove or renumber the duplicates in MakeLeaps first: 11, 12',
		});
	});
});
