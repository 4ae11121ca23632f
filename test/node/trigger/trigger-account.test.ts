/**
 * The trigger's memory belongs to the MakeLeaps account (the credential's Base URL and the
 * partner), not to the API key: a new key of the same account goes on where the old one stopped;
 * another partner or Base URL starts over and says so in n8n's log. A state saved by the previous
 * version, keyed by the API key, is kept when the account is the same.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	ActiveTrigger,
	numbers,
	rotateKey,
	SAVINGS,
	seedCompany,
	seedDocuments,
} from '../support/activeTrigger';
import { FAST, useTestBed, type TestBed } from '../support/bed';
import { seedClient } from '../support/fixtures';

const PAID = { event: 'documentPaid' };
const EMPTY_PARTNER = { __rl: true, mode: 'list', value: '' };

/** What the trigger told n8n's logger (at the warn level) about starting over. */
const startOvers = (bed: TestBed) =>
	bed.logs
		.filter((line) => line.startsWith('warn ') && line.includes('starts watching anew'))
		.map((line) => line.slice('warn '.length).trim());

function paidTrigger(bed: TestBed, parameters: INodeParameters = {}, saving = SAVINGS[0]) {
	return new ActiveTrigger(bed, { ...PAID, ...parameters }, { saving, requestsPerMinute: FAST });
}

describe('MakeLeaps Trigger: a new API key of the same account', () => {
	const bed = useTestBed();

	describe.each([
		['Partner chosen', {}],
		['Partner empty', { partner: EMPTY_PARTNER }],
	])('%s', (_, parameters) => {
		test.each([
			['the old key kept', {}],
			['the old key deleted', { revokeOld: true }],
			[
				'the old key deleted, its token left in the credential',
				{ revokeOld: true, keepToken: true },
			],
		])(
			'a payment recorded between two polls, the key changed between them too: reported once (%s)',
			async (__, rotation) => {
				const clientMid = seedClient(bed, 'C-1');
				const [a, b] = seedDocuments(bed, clientMid, ['A', 'B']);
				const trigger = paidTrigger(bed, parameters);
				expect((await trigger.poll()).items).toBeNull();
				bed.sandbox.markPaid(String(a.mid), '2026-01-05T00:00:00Z');
				rotateKey(bed, rotation);
				expect(numbers(await trigger.poll())).toEqual(['A']);
				expect((await trigger.poll()).items).toBeNull();
				bed.sandbox.markPaid(String(b.mid));
				expect(numbers(await trigger.poll())).toEqual(['B']);
				expect(startOvers(bed)).toEqual([]);
			},
		);
	});

	// a seed the property test found (trigger-properties.test.ts), kept as it shrank
	test('Document Sent: a new key, then a document made already sent long ago: reported once', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'documentSent' }, { requestsPerMinute: FAST });
		expect((await trigger.poll()).items).toBeNull();
		rotateKey(bed);
		seedDocuments(bed, clientMid, ['S'], { date_sent: '2020-01-01T00:00:00Z' });
		expect(numbers(await trigger.poll())).toEqual(['S']);
		expect((await trigger.poll()).items).toBeNull();
	});

	test.each(SAVINGS)(
		'n8n restarting after the key changed (saving the state %s): nothing missed, nothing twice',
		async (saving) => {
			const clientMid = seedClient(bed, 'C-1');
			const [a, b] = seedDocuments(bed, clientMid, ['A', 'B']);
			const trigger = paidTrigger(bed, {}, saving);
			await trigger.poll();
			bed.sandbox.markPaid(String(a.mid));
			rotateKey(bed, { revokeOld: true });
			trigger.restart();
			expect(numbers(await trigger.poll())).toEqual(['A']);
			trigger.restart();
			expect((await trigger.poll()).items).toBeNull();
			rotateKey(bed);
			bed.sandbox.markPaid(String(b.mid));
			trigger.restart();
			expect(numbers(await trigger.poll())).toEqual(['B']);
			trigger.restart();
			expect((await trigger.poll()).items).toBeNull();
		},
	);

	test('a new key, and the same Base URL written with a trailing slash: the same account', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a] = seedDocuments(bed, clientMid, ['A']);
		const trigger = paidTrigger(bed);
		await trigger.poll();
		bed.sandbox.markPaid(String(a.mid));
		rotateKey(bed);
		const stored = bed.credentials.get('cred-1');
		bed.credentials.set('cred-1', { ...stored, baseUrl: `${bed.sandbox.baseUrl}/` });
		expect(numbers(await trigger.poll())).toEqual(['A']);
		expect(startOvers(bed)).toEqual([]);
	});
});

describe('MakeLeaps Trigger: another partner or another Base URL starts over, and says so', () => {
	const bed = useTestBed();

	test.each([
		['Partner chosen', (mid: string) => ({ partner: { __rl: true, mode: 'id', value: mid } })],
		['Partner empty', () => ({ partner: EMPTY_PARTNER })],
	])(
		'the credential of another partner (%s): a line in the log, the first poll silent, then each payment once',
		async (_, partnerField) => {
			const first = bed.sandbox.credentials;
			const trigger = paidTrigger(bed, partnerField(first.partnerMid));
			await trigger.poll();
			const other = bed.sandbox.addPartner('Other Trading Co.');
			const otherClient = seedCompany(bed.sandbox, 'O-1', other.partnerMid);
			const [x, y] = seedDocuments(bed, otherClient, ['X', 'Y'], {}, other.partnerMid);
			bed.sandbox.markPaid(String(x.mid), undefined, other.partnerMid);
			bed.credentials.set('cred-1', {
				baseUrl: bed.sandbox.baseUrl,
				clientId: other.clientId,
				clientSecret: other.clientSecret,
			});
			trigger.reconfigure({ ...PAID, ...partnerField(other.partnerMid) });

			expect((await trigger.poll()).items).toBeNull();
			expect(startOvers(bed)).toEqual([
				expect.stringContaining(
					`MakeLeaps Trigger "MakeLeaps Trigger" of workflow wf-1 starts watching anew, because Partner changed from "${first.partnerMid}" to "${other.partnerMid}": this poll reports nothing`,
				),
			]);
			bed.sandbox.markPaid(String(y.mid), undefined, other.partnerMid);
			expect(numbers(await trigger.poll())).toEqual(['Y']);
			expect(startOvers(bed)).toHaveLength(1);
		},
	);

	test('another Base URL is another account: the log names it', async () => {
		const clientMid = seedClient(bed, 'C-1');
		const [a, b] = seedDocuments(bed, clientMid, ['A', 'B']);
		const trigger = paidTrigger(bed);
		await trigger.poll();
		bed.sandbox.markPaid(String(a.mid));
		const stored = bed.credentials.get('cred-1');
		const elsewhere = bed.sandbox.baseUrl.replace('127.0.0.1', 'localhost');
		bed.credentials.set('cred-1', { ...stored, baseUrl: elsewhere });
		expect((await trigger.poll()).items).toBeNull();
		expect(startOvers(bed)).toEqual([
			expect.stringContaining(
				`because the credential's Base URL changed from "${bed.sandbox.baseUrl}" to "${elsewhere}"`,
			),
		]);
		bed.sandbox.markPaid(String(b.mid));
		expect(numbers(await trigger.poll())).toEqual(['B']);
	});
});

describe('MakeLeaps Trigger: a state saved by the previous version, keyed by the API key', () => {
	const bed = useTestBed();

	/** The scope as the previous version wrote it: `v2 <event> <Base URL> <Client ID> <partner> <type> <days>`. */
	const previousScope = (clientId: string, partnerMid: string) =>
		`v2 documentPaid ${bed.sandbox.baseUrl} ${clientId} ${partnerMid}  90`;

	async function upgraded(partnerMid: string) {
		const clientMid = seedClient(bed, 'C-1');
		const [a, b] = seedDocuments(bed, clientMid, ['A', 'B']);
		const trigger = paidTrigger(bed);
		await trigger.poll();
		const { clientId } = bed.credentials.get('cred-1');
		trigger.editSaved((state: IDataObject) => {
			state.scope = previousScope(String(clientId), partnerMid);
		});
		bed.sandbox.markPaid(String(a.mid));
		rotateKey(bed);
		trigger.restart();
		return { trigger, b };
	}

	test('same account, another key: kept; the payment made meanwhile is reported once', async () => {
		const { trigger, b } = await upgraded(bed.sandbox.credentials.partnerMid);
		expect(numbers(await trigger.poll())).toEqual(['A']);
		expect((await trigger.poll()).items).toBeNull();
		bed.sandbox.markPaid(String(b.mid));
		expect(numbers(await trigger.poll())).toEqual(['B']);
		expect(startOvers(bed)).toEqual([]);
	});

	test('another partner: a line in the log, then it starts over', async () => {
		const { trigger, b } = await upgraded('OTHER-PARTNER');
		expect((await trigger.poll()).items).toBeNull();
		expect(startOvers(bed)).toEqual([
			expect.stringContaining(
				`because Partner changed from "OTHER-PARTNER" to "${bed.sandbox.credentials.partnerMid}"`,
			),
		]);
		bed.sandbox.markPaid(String(b.mid));
		expect(numbers(await trigger.poll())).toEqual(['B']);
	});

	test('a state it cannot read: a line in the log, then it starts over', async () => {
		const { trigger } = await upgraded('P');
		trigger.editSaved((state: IDataObject) => {
			state.scope = 'v1 documentPaid';
		});
		trigger.restart();
		expect((await trigger.poll()).items).toBeNull();
		expect(startOvers(bed)).toEqual([
			expect.stringContaining('because its memory was written by an earlier version of the node'),
		]);
	});
});
