/**
 * Document → Send with Attachments: PDFs from the items' binary fields go in the documents'
 * sending order (an item with its filename, then the file PUT to its upload_url), each once,
 * with the same never-twice promise as the documents; bad files are refused before any request,
 * and a file that does not go in keeps its order from being executed.
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
const flyer: InputFile = {
	bytes: pdf('flyer'),
	fileName: 'flyer.pdf',
	mimeType: 'application/pdf',
};
const terms: InputFile = {
	bytes: pdf('terms'),
	fileName: 'terms.pdf',
	mimeType: 'application/pdf',
};

/** Send for every input item's `mid`, with its files of Attachments. */
const send = (attachments = 'data', extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'send',
	document: byId('={{ $json.mid }}'),
	subject: 'Your invoice',
	options: { attachments },
	...extra,
});
const items = (documents: Array<{ mid: unknown }>) =>
	documents.map((d) => ({ mid: String(d.mid) }));

/** Each API request as `METHOD last-segments`, such as `POST item` or `PUT upload`. */
const calls = (bed: TestBed) =>
	bed.sandbox
		.received('/api/')
		.map((r) => `${r.method} ${r.path.split('/').filter(Boolean).slice(-1)[0]}`);

const filePosts = (bed: TestBed) =>
	bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/item/') && /filename/.test(r.body));
const puts = (bed: TestBed) => bed.sandbox.received('/api/').filter((r) => r.method === 'PUT');
const addItem = { method: 'POST', path: /\/item\/$/ };
/** Lets the next add of an item through unchanged (the faults after it take later adds). */
const passAdd = (bed: TestBed) =>
	bed.sandbox.injectFault({ kind: 'rewriteAfter', change: (body) => body }, addItem);

describe('Document: Send with Attachments', () => {
	const bed = useTestBed({ sendingValidationMs: 300 });

	test('one PDF goes in the order after the document: 2 requests more (the item, the file with the token); the order is ready only then; run again, nothing is sent', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error).toBeUndefined();
		expect(result.output[0].json).toMatchObject({ sent: true, attachments: ['flyer.pdf'] });
		expect(calls(bed)).toEqual([
			`GET ${invoice.mid}`,
			'POST order',
			'POST item',
			'POST item',
			'PUT upload',
			'GET order',
			'POST send',
		]);
		expect(JSON.parse(filePosts(bed)[0].body)).toEqual({ position: 1, filename: 'flyer.pdf' });
		// the file as a form, with the token: its upload_url is under the Base URL
		expect(puts(bed)[0].headers).toMatchObject({
			'content-type': expect.stringMatching(/^multipart\/form-data; boundary=/),
			authorization: expect.stringMatching(/^Bearer /),
		});
		const [order] = bed.sandbox.sending.orders.values();
		expect(order.items.find((item) => item.filename)).toMatchObject({
			bytes: flyer.bytes,
			uploadedName: 'flyer.pdf',
		});
		expect(bed.sandbox.deliveries).toEqual([
			expect.objectContaining({ documentMids: [invoice.mid], files: ['flyer.pdf'] }),
		]);

		bed.sandbox.resetRequests();
		const again = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		// skipped: no file went out this time, and the output lists none
		expect(again.output[0].json).toMatchObject({
			sent: false,
			skipped: 'already sent',
			attachments: [],
		});
		expect(calls(bed)).toEqual([`GET ${invoice.mid}`]);
		// with Simplify, the same columns as the send's row, no file named
		const row = await bed.run(send(), items([invoice]), {
			files: [{ data: flyer }],
			typeVersion: 2,
		});
		expect(row.output[0].json).toMatchObject({ operation: 'skipped', attachments: '' });
		expect(bed.sandbox.deliveries).toHaveLength(1);
	});

	test('two items of one client share an order: each file goes in once (the same content once), 2 requests a file; Simplify lists them', async () => {
		const [a, b] = seedInvoicesOf(bed, 'C-1', 2);
		const result = await bed.run(send(), items([a, b]), {
			files: [{ data: flyer }, { data: terms }],
			typeVersion: 2,
		});
		expect(result.output.map((item) => [item.json.operation, item.json.attachments])).toEqual([
			['sent', 'flyer.pdf'],
			['sent', 'terms.pdf'],
		]);
		expect(calls(bed).filter((call) => /item|upload/.test(call))).toEqual([
			'POST item',
			'POST item',
			'POST item',
			'PUT upload',
			'POST item',
			'PUT upload',
		]);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[
				[a.mid, b.mid],
				['flyer.pdf', 'terms.pdf'],
			],
		]);

		// the same content named by both items (the second calls it prices.pdf): one file
		const [c, d] = seedInvoicesOf(bed, 'C-2', 2);
		const input = [
			{ mid: String(c.mid), files: 'data' },
			{ mid: String(d.mid), files: 'data, prices' },
		];
		bed.sandbox.resetRequests();
		const shared = await bed.run(send('={{ $json.files }}'), input, {
			files: [{ data: flyer }, { data: terms, prices: { ...flyer, fileName: 'prices.pdf' } }],
		});
		expect(shared.output.map((item) => item.json.attachments)).toEqual([
			['flyer.pdf'],
			['terms.pdf', 'prices.pdf'],
		]);
		expect(filePosts(bed)).toHaveLength(2);
		expect(puts(bed)).toHaveLength(2);
		expect(bed.sandbox.deliveries[1]).toMatchObject({
			documentMids: [c.mid, d.mid],
			files: ['flyer.pdf', 'terms.pdf'],
		});
	});
});

describe('Document: Send with Attachments, orders within their bounds', () => {
	const bed = useTestBed({ sendingValidationMs: 300 });

	test('files of one client over 20 MB together go in two orders', async () => {
		const invoices = seedInvoicesOf(bed, 'C-1', 3);
		const eightMb = (k: number): InputFile => ({
			bytes: Buffer.concat([pdf(`part ${k}`), Buffer.alloc(8 * 1024 * 1024)]),
			fileName: `part-${k}.pdf`,
			mimeType: 'application/pdf',
		});
		const result = await bed.run(send(), items(invoices), {
			files: [0, 1, 2].map((k) => ({ data: eightMb(k) })),
		});
		expect(result.output.map((item) => item.json.sent)).toEqual([true, true, true]);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[
				[invoices[0].mid, invoices[1].mid],
				['part-0.pdf', 'part-1.pdf'],
			],
			[[invoices[2].mid], ['part-2.pdf']],
		]);
	});
});

describe('Document: Send refuses attachments before any request', () => {
	const bed = useTestBed();

	const text: InputFile = {
		bytes: Buffer.from('hello'),
		fileName: 'notes.txt',
		mimeType: 'text/plain',
	};
	const fake: InputFile = {
		bytes: Buffer.from('hello'),
		fileName: 'fake.pdf',
		mimeType: 'application/pdf',
	};
	const large: InputFile = {
		bytes: Buffer.concat([pdf('large'), Buffer.alloc(10 * 1024 * 1024)]),
		fileName: 'large.pdf',
		mimeType: 'application/pdf',
	};
	const eight: InputFile = { ...large, bytes: large.bytes.subarray(0, 8 * 1024 * 1024) };
	test.each([
		[
			'a text file',
			'data',
			{ data: text },
			/^Attachments: the file "notes.txt" in "data" is text\/plain, not a PDF \[item 0, row 1\]$/,
		],
		[
			'a file called a PDF that is not one',
			'data',
			{ data: fake },
			/"fake.pdf" in "data" is called a PDF, but its content is not one/,
		],
		[
			'a field the item does not have',
			'data, terms',
			{ data: flyer },
			/^Attachments: the item has no binary field "terms" \[item 0, row 1\]$/,
		],
		[
			'a file over 10 MB',
			'data',
			{ data: large },
			/"large.pdf" in "data" is 10.1 MB, more than 10 MB/,
		],
		[
			'files over 20 MB together',
			'a, b, c',
			{ a: eight, b: eight, c: eight },
			/^Attachments: the files are 24 MB together, more than 20 MB/,
		],
		[
			'more than 5 files',
			'a, b, c, d, e, f',
			{ data: flyer },
			/^Attachments names 6 binary fields; at most 5/,
		],
	])('%s', async (_name, attachments, files, message) => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const result = await bed.run(send(attachments), items([invoice]), { files: [files] });
		expect(result.error?.message).toMatch(message);
		expect(bed.sandbox.received('/api/')).toHaveLength(0);
	});

	test('with Continue On Fail, only that item fails; the others go with their files', async () => {
		const [a, b] = seedInvoicesOf(bed, 'C-1', 2);
		const result = await bed.run(send(), items([a, b]), {
			files: [{ data: text }, { data: flyer }],
			onError: 'continueRegularOutput',
		});
		expect(result.output.map((item) => item.json.sent ?? item.json.error)).toEqual([
			expect.stringMatching(/is text\/plain, not a PDF/),
			true,
		]);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[[b.mid], ['flyer.pdf']],
		]);
	});
});

describe('Document: Send when a file does not go in', () => {
	const bed = useTestBed({ sendingValidationMs: 300 }, { limits: { backoffMs: 20 } });

	test('the answer to adding the file is lost: that order is deleted unsent, the other item goes in a new one with its file; the item fails with nothing sent', async () => {
		const [a, b] = seedInvoicesOf(bed, 'C-1', 2);
		passAdd(bed);
		passAdd(bed);
		bed.sandbox.injectFault({ kind: 'resetAfter' }, addItem);
		const result = await bed.run(send(), items([a, b]), {
			files: [{ data: flyer }, { data: terms }],
			onError: 'continueRegularOutput',
		});
		expect(result.output[0].json.error).toMatch(
			/^MakeLeaps may or may not have carried out this create/,
		);
		expect(result.output[0].error?.description).toMatch(
			/^Nothing was sent: the file flyer.pdf \(binary field "data"\) did not go into the sending order, which the node did not execute. Running this item again is safe.$/,
		);
		expect(result.output[1].json).toMatchObject({ sent: true, attachments: ['terms.pdf'] });
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE')).toHaveLength(1);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[[b.mid], ['terms.pdf']],
		]);
	});

	test('every answer to the bytes is lost: tried again like any PUT, then the item fails, its order deleted unsent; run again, it goes', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		bed.sandbox.sending.uploadFaults.set('flyer.pdf', 'lose');
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error?.message).toMatch(
			/^Could not reach MakeLeaps: the connection was lost \(ECONNRESET\), also after 3 retries \[item 0, row 1\]$/,
		);
		expect(result.error?.description).toMatch(/^Nothing was sent: the file flyer.pdf/);
		expect(puts(bed)).toHaveLength(4);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'DELETE')).toHaveLength(1);
		expect(bed.sandbox.sendingOrdersOf()).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);

		bed.sandbox.sending.uploadFaults.clear();
		const again = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(again.output[0].json).toMatchObject({ sent: true });
		expect(bed.sandbox.deliveries.map((d) => d.files)).toEqual([['flyer.pdf']]);
	});

	test('one answer to the bytes is lost: the same bytes are put again, and the file goes once', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'PUT' });
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.output[0].json).toMatchObject({ sent: true });
		expect(puts(bed)).toHaveLength(2);
		expect(bed.sandbox.deliveries.map((d) => d.files)).toEqual([['flyer.pdf']]);
	});

	test.each([
		['Continue On Fail: the refused item fails, the other goes', 'continueRegularOutput'],
		['without it: the item before goes, the run stops at the refused one', undefined],
	] as const)('MakeLeaps refuses a file; %s', async (_name, onError) => {
		const [a, b] = seedInvoicesOf(bed, 'C-1', 2);
		bed.sandbox.sending.uploadFaults.set('flyer.pdf', 'refuse');
		const result = await bed.run(send(), items([a, b]), {
			files: [{ data: terms }, { data: flyer }],
			onError,
		});
		const refused =
			/^MakeLeaps refused the file flyer\.pdf of sending order \d+: content_file: This file type is not accepted\. \[item 1, row 2\]/;
		if (onError) expect(result.output[1].json.error).toMatch(refused);
		else expect(result.error?.message).toMatch(refused);
		expect(bed.sandbox.deliveries.map((d) => [d.documentMids, d.files])).toEqual([
			[[a.mid], ['terms.pdf']],
		]);
		expect(bed.sandbox.partner().documents.get(String(b.mid))?.date_sent).toBeNull();
	});

	test('the ready order shows a file the node did not add: it is not sent', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const stray = { document: null, filename: 'stray.pdf' };
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: (body.response as Array<{ items: unknown[] }>).map((order) => ({
						...order,
						items: [...order.items, stray],
					})),
				}),
			},
			{ method: 'GET', path: /\/sending\/order\/$/ },
		);
		const result = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(result.error?.message).toMatch(
			/^MakeLeaps' sending order \d+ carries 2 files; the node added 1 \[item 0, row 1\]$/,
		);
		expect(bed.sandbox.received('/api/').filter((r) => r.path.endsWith('/send/'))).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);
	});

	test('an upload_url on another host gets the bytes without the token; one outside https is refused without a request', async () => {
		const [a, b] = seedInvoicesOf(bed, 'C-1', 2);
		const elsewhere = (url: string) => (body: Record<string, unknown>) => ({
			...body,
			response: { ...(body.response as object), upload_url: url },
		});
		passAdd(bed);
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: elsewhere(`${trap.url}/upload/1`) },
			addItem,
		);
		const stored = await bed.run(
			send('data', { options: { attachments: 'data', waitSeconds: 2 } }),
			items([a]),
			{
				files: [{ data: flyer }],
			},
		);
		expect(trap.hits).toEqual(['PUT /upload/1']);
		expect(trap.headers[0].authorization).toBeUndefined();
		expect(trap.headers[0]['content-type']).toBe('application/pdf');
		// the sandbox never got the bytes: MakeLeaps does not validate the order, nothing is sent
		expect(stored.error?.message).toMatch(
			/ready to send within 2 seconds.*The file flyer.pdf was not uploaded/,
		);

		passAdd(bed);
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: elsewhere('http://files.example.com/up') },
			addItem,
		);
		const refused = await bed.run(send(), items([b]), { files: [{ data: flyer }] });
		expect(refused.error?.message).toBe(
			'Refusing to call http://files.example.com/up: it is not a plain path under the Base URL [item 0, row 1]',
		);
		expect(trap.hits).toHaveLength(1);
		expect(bed.sandbox.deliveries).toEqual([]);
	});

	test('an upload_url at a link-local address written in IPv6 is refused before any request', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		passAdd(bed);
		bed.sandbox.injectFault(
			{
				kind: 'rewriteAfter',
				change: (body) => ({
					...body,
					response: { ...(body.response as object), upload_url: 'https://[::169.254.169.254]/x' },
				}),
			},
			addItem,
		);
		const refused = await bed.run(send(), items([invoice]), { files: [{ data: flyer }] });
		expect(refused.error?.message).toBe(
			'Refusing to call https://[::169.254.169.254]/x: it is not a plain path under the Base URL [item 0, row 1]',
		);
		expect(calls(bed)).not.toContain('PUT upload');
		expect(bed.sandbox.deliveries).toEqual([]);
	});
});
