/**
 * Document → Send with Attachments: each file goes to its `upload_url` as MakeLeaps takes it
 * (recorded: a multipart form with the file in `content_file`, with the token, under the API),
 * MakeLeaps' answer is read, and an order whose files are not confirmed is never executed. The
 * token goes nowhere but under the Base URL; a storage address elsewhere gets the bytes alone.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { InputFile } from '../../../../dev/harness/engine';
import { useTestBed, type TestBed } from '../../support/bed';
import { byId, seedInvoicesOf } from '../../support/fixtures';
import { startTrap, type Trap } from '../../support/trap';

let trap: Trap;
beforeAll(async () => {
	trap = await startTrap();
});
afterAll(async () => await trap.close());

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');
const fileOf = (fileName: string, text = fileName): InputFile => ({
	bytes: pdf(text),
	fileName,
	mimeType: 'application/pdf',
});
const flyer = fileOf('flyer.pdf');
const terms = fileOf('terms.pdf');
/** A Japanese name, with a quote and a semicolon a careless form would cut it at. */
const japanese = fileOf('請求書の別紙 "2026年1月"; 控え.pdf', 'japanese');

const send = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'send',
	document: byId('={{ $json.mid }}'),
	subject: 'Your invoice',
	options: { attachments: '={{ $json.files }}' },
	...extra,
});
const items = (documents: Array<{ mid: unknown }>, files = 'data') =>
	documents.map((d) => ({ mid: String(d.mid), files }));

const apiPuts = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method === 'PUT');
const executes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'POST' && r.path.endsWith('/send/'));
const deletes = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE');
/** The files MakeLeaps holds: each file item's name, the name and type its upload gave, its bytes. */
const stored = (bed: TestBed) =>
	[...bed.sandbox.sending.orders.values()].flatMap((order) =>
		order.items
			.filter((item) => item.filename)
			.map(({ filename, uploadedName, uploadedType, bytes }) => ({
				filename,
				uploadedName,
				uploadedType,
				bytes,
			})),
	);

describe('Document: Send uploads a file as MakeLeaps takes it', () => {
	const bed = useTestBed({ sendingValidationMs: 300 });

	test('each file arrives in content_file with its exact bytes and its name (a Japanese one too), with the token: upload_url is under the Base URL', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const result = await bed.run(send(), items([invoice], 'data, other'), {
			files: [{ data: flyer, other: japanese }],
		});
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({
			sent: true,
			attachments: ['flyer.pdf', japanese.fileName],
		});
		const puts = apiPuts(bed);
		expect(puts.map((r) => r.path)).toEqual([
			expect.stringMatching(/\/sending\/order\/\d+\/item\/\d+\/upload\/$/),
			expect.stringMatching(/\/sending\/order\/\d+\/item\/\d+\/upload\/$/),
		]);
		for (const put of puts) {
			expect(put.headers['content-type']).toMatch(
				/^multipart\/form-data; boundary=n8n-makeleaps-[0-9a-f]{32}$/,
			);
			expect(put.status).toBe(200);
			const token = /^Bearer (\S+)$/.exec(String(put.headers.authorization))?.[1];
			expect(bed.sandbox.issuedTokens).toContain(token);
		}
		expect(stored(bed)).toEqual([
			{
				filename: 'flyer.pdf',
				uploadedName: 'flyer.pdf',
				uploadedType: 'application/pdf',
				bytes: flyer.bytes,
			},
			{
				filename: japanese.fileName,
				uploadedName: japanese.fileName,
				uploadedType: 'application/pdf',
				bytes: japanese.bytes,
			},
		]);
		expect(executes(bed)).toHaveLength(1);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[[invoice.mid], ['flyer.pdf', japanese.fileName]],
		]);
	});

	test('a 2xx that is not the envelope is not believed: the item fails, its order is deleted unsent, nothing is sent; run again, it goes', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body: '<html>Saved</html>', contentType: 'text/html' },
			{ method: 'PUT' },
		);
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error?.message).toBe(
			'The answer of MakeLeaps could not be used: not JSON [item 0, row 1]',
		);
		expect(result.error?.description).toMatch(
			/^Nothing was sent: the file flyer.pdf \(binary field "data"\) did not go into the sending order, which the node did not execute. Running this item again is safe./,
		);
		expect(apiPuts(bed)).toHaveLength(1);
		expect(executes(bed)).toEqual([]);
		expect(deletes(bed)).toHaveLength(1);
		expect(bed.sandbox.sendingOrdersOf()).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);

		const again = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(again.output[0].json).toMatchObject({ sent: true, attachments: ['flyer.pdf'] });
		expect(bed.sandbox.deliveries.map((d) => d.files)).toEqual([['flyer.pdf']]);
	});
});

describe("Document: Send when MakeLeaps answers the upload with its recorded field error (content_file: 'No file was submitted')", () => {
	const bed = useTestBed({ sendingValidationMs: 300 }, { limits: { backoffMs: 20 } });
	const refused =
		/^MakeLeaps refused the file flyer\.pdf of sending order \d+: content_file: No file was submitted \[item 1, row 2\]/;

	test('one item: it fails before the send, naming the file and the answer; 0 orders executed, the order deleted unsent, nothing sent', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		bed.sandbox.sending.uploadFaults.set('flyer.pdf', 'unread');
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error?.message).toMatch(
			/^MakeLeaps refused the file flyer\.pdf of sending order \d+: content_file: No file was submitted \[item 0, row 1\]$/,
		);
		expect(result.error?.description).toMatch(
			/^Nothing was sent: the file flyer.pdf \(binary field "data"\) did not go into the sending order, which the node did not execute. Running this item again is safe. MakeLeaps did not take the file as the node sent it/,
		);
		// a refusal is not tried again
		expect(apiPuts(bed)).toHaveLength(1);
		expect(apiPuts(bed)[0].status).toBe(400);
		expect(executes(bed)).toEqual([]);
		expect(deletes(bed)).toHaveLength(1);
		expect(bed.sandbox.sendingOrdersOf()).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);
		expect(bed.sandbox.partner().documents.get(String(invoice.mid))?.date_sent).toBeNull();
	});

	test.each([
		[
			'with Continue On Fail: the item fails, the items before and after go (the order made again without it)',
			'continueRegularOutput' as const,
		],
		['without it: the item before goes, the run stops at the refused one', undefined],
	])('three items of one client, the second refused; %s', async (_name, onError) => {
		const [a, b, c] = seedInvoicesOf(bed, 'C-1', 3);
		bed.sandbox.sending.uploadFaults.set('flyer.pdf', 'unread');
		const result = await bed.run(send(), items([a, b, c]), {
			files: [{ data: terms }, { data: flyer }, { data: fileOf('prices.pdf') }],
			onError,
		});
		const error = onError ? String(result.output[1].json.error) : result.error?.message;
		expect(error).toMatch(refused);
		// the order holding all three was deleted unsent, and one order went
		expect(deletes(bed)).toHaveLength(1);
		expect(executes(bed)).toHaveLength(1);
		const went = onError
			? [
					[a.mid, c.mid],
					['terms.pdf', 'prices.pdf'],
				]
			: [[a.mid], ['terms.pdf']];
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([went]);
		if (onError) {
			expect(result.output.map((item) => item.json.sent ?? 'failed')).toEqual([
				true,
				'failed',
				true,
			]);
		}
		const documents = bed.sandbox.partner().documents;
		expect(documents.get(String(b.mid))?.date_sent).toBeNull();
		if (!onError) expect(documents.get(String(c.mid))?.date_sent).toBeNull();
	});
});

describe('Document: Send with the storage switch (upload_url at a signed storage address outside the Base URL)', () => {
	const bed = useTestBed({ sendingValidationMs: 300, uploadToStorage: true });

	test('the storage address gets the bytes alone without the token, and nothing else goes there; the API gets no PUT', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const result = await bed.run(send(), items([invoice]), { files: [{ data: japanese }] });
		expect(result.output[0].json).toMatchObject({ sent: true, attachments: [japanese.fileName] });
		const atStorage = bed.sandbox.received('/_storage/upload/');
		expect(atStorage.map((r) => [r.method, r.status])).toEqual([['PUT', 200]]);
		expect(atStorage[0].headers.authorization).toBeUndefined();
		expect(atStorage[0].headers['content-type']).toBe('application/pdf');
		expect(bed.sandbox.storageUrl).not.toBe(bed.sandbox.baseUrl);
		expect(apiPuts(bed)).toEqual([]);
		expect(stored(bed)).toEqual([
			{
				filename: japanese.fileName,
				// as filename*, in full
				uploadedName: japanese.fileName,
				uploadedType: 'application/pdf',
				bytes: japanese.bytes,
			},
		]);
		expect(bed.sandbox.deliveries.map((d) => d.files)).toEqual([[japanese.fileName]]);
	});
});

describe('Document: Send never gives the token to an upload_url outside the Base URL', () => {
	const bed = useTestBed({ sendingValidationMs: 300 }, { limits: { backoffMs: 20 } });
	const addItem = { method: 'POST', path: /\/item\/$/ };
	/** The file item's upload_url, as MakeLeaps' answer gives it, made `url(given)`. */
	const rewriteUploadUrl = (url: (given: URL) => string) => {
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: (body) => body }, addItem);
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => {
					const item = body.response as Record<string, unknown>;
					const upload = url(new URL(String(item.upload_url)));
					return { ...body, response: { ...item, upload_url: upload } };
				},
			},
			addItem,
		);
	};

	test.each([
		[
			'the same path on another port of the same host: the bytes alone, no token',
			(given: URL) => `${trap.url}${given.pathname}`,
			1,
		],
		[
			'the Base URL as a user name before another host: refused, nothing goes there',
			(given: URL) => `${given.origin}@${trap.url.slice('http://'.length)}${given.pathname}`,
			0,
		],
	])('%s', async (_name, url, trapped) => {
		const hits = trap.hits.length;
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		rewriteUploadUrl(url);
		// the trap takes the bytes, so MakeLeaps never validates the order: a short wait
		const waiting = send({ options: { attachments: '={{ $json.files }}', waitSeconds: 2 } });
		const result = await bed.run(waiting, items([invoice]), { files: [{ data: flyer }] });
		expect(result.error).toBeDefined();
		const seen = trap.headers.slice(hits);
		expect(seen).toHaveLength(trapped);
		for (const headers of seen) {
			expect(headers.authorization).toBeUndefined();
			expect(headers['content-type']).toBe('application/pdf');
		}
		expect(apiPuts(bed)).toEqual([]);
		expect(executes(bed)).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);
	});

	test('an upload under the Base URL answered with a redirect elsewhere: not followed, the token stays; nothing sent', async () => {
		const hits = trap.hits.length;
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		bed.sandbox.injectFault(
			{ kind: 'redirect', status: 307, location: `${trap.url}/upload` },
			{ method: 'PUT' },
		);
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error?.message).toMatch(/redirect/i);
		expect(trap.hits.length).toBe(hits);
		expect(apiPuts(bed)).toHaveLength(1);
		expect(executes(bed)).toEqual([]);
		expect(deletes(bed)).toHaveLength(1);
		expect(bed.sandbox.deliveries).toEqual([]);
	});
});
