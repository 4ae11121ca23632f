/**
 * Links MakeLeaps gives (`meta.next`, an order's `items_url`, a file's `upload_url`) may carry the
 * access token, the Client ID and the Client Secret in their query (the sandbox's
 * `credentialsInLinks` switch). An error quoting such a link shows it with them redacted: in the
 * message, the description, the causes and the stack n8n stores, in error items with Continue On
 * Fail, and in the trigger's errors.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { InputFile } from '../../../dev/harness/engine';
import { DEFAULT_LIMITS } from '../../../nodes/MakeLeaps/transport';
import { ActiveTrigger, seedDocuments } from '../support/activeTrigger';
import { findSecrets, sandboxSecrets, textsOf, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient, seedInvoicesOf, seedMany } from '../support/fixtures';

const limits = { ...DEFAULT_LIMITS, timeoutMs: 2000, backoffMs: 20 };

/** The credential's values in a link's query as the sandbox writes them, redacted. */
const REDACTED_QUERY = 'session=[redacted]&app=[redacted]&key=[redacted]';

/** Fails when anything shown holds a secret of the sandbox or the Client ID. */
function expectScrubbed(bed: TestBed, ...shown: unknown[]) {
	const clientId = { name: 'Client ID', value: bed.sandbox.credentials.clientId };
	expect(findSecrets(shown, [...sandboxSecrets(bed.sandbox), clientId])).toEqual([]);
}

const LISTS = /\/(client|document)\/$/;

/** The next answers of list reads link to `next(link)` instead of their own next page. */
function relink(bed: TestBed, next: (link: URL) => URL, answers = 2) {
	const change = (body: Record<string, unknown>) => {
		const meta = body.meta as IDataObject;
		const link = next(new URL(String(meta.next)));
		return { ...body, meta: { ...meta, next: link.toString() } };
	};
	for (let i = 0; i < answers; i++)
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change }, { method: 'GET', path: LISTS });
}

/** A link back to the first page: a list without end. */
const toFirstPage = (link: URL) => {
	link.searchParams.set('page', '1');
	return link;
};

/** The same link on another host: the node does not follow it. */
const elsewhere = (link: URL) => new URL(`https://files.example.com${link.pathname}${link.search}`);

describe('A list whose next-page links carry the credentials', () => {
	const bed = useTestBed({ credentialsInLinks: true, maxPageSize: 1 }, { limits });
	const getMany: INodeParameters = { operation: 'getAll', returnAll: true, simplify: false };

	test('a link that leaves the Base URL stops the run: quoted, its credentials redacted everywhere', async () => {
		seedMany(bed, 3);
		relink(bed, elsewhere, 1);
		const result = await bed.run(getMany);
		expect(result.error?.message).toMatch(
			/^MakeLeaps' list could not be read to its end: its next-page link leaves the Base URL \(https:\/\/files\.example\.com\/api\/partner\/\d+\/client\/\?\S+\) \[item 0, row 1\]$/,
		);
		expect(result.error?.message).toContain(REDACTED_QUERY);
		expectScrubbed(bed, result);
	});

	test('a link back to a page read: the error item of Continue On Fail shows it redacted', async () => {
		seedMany(bed, 3);
		relink(bed, toFirstPage);
		const result = await bed.run(getMany, [{}], { onError: 'continueRegularOutput' });
		const [item] = result.output;
		expect(item.json.error).toMatch(
			/^MakeLeaps' list could not be read to its end: a next-page link goes back to a page already read \(http:\/\/127\.0\.0\.1:\d+\/api\/partner\/\d+\/client\/\?\S+\) \[item 0, row 1\]$/,
		);
		expect(item.json.error).toContain(REDACTED_QUERY);
		expect(item.error?.message).toBe(item.json.error);
		expectScrubbed(bed, result);
	});

	test("the trigger's poll: its error quotes the link redacted", async () => {
		const clientMid = seedClient(bed, 'C-1');
		seedDocuments(bed, clientMid, ['INV-1', 'INV-2', 'INV-3']);
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' }, { requestsPerMinute: 6000 });
		relink(bed, toFirstPage);
		const polled = await trigger.poll();
		expect(polled.error?.message).toMatch(
			/^MakeLeaps' list could not be read to its end: a next-page link goes back to a page already read \(http:\/\/127\.0\.0\.1:\d+\/api\/partner\/\d+\/document\/\?\S+\)$/,
		);
		expect(polled.error?.message).toContain(REDACTED_QUERY);
		expectScrubbed(bed, polled);
	});
});

describe("Send: a file's upload_url carrying the credentials", () => {
	const bed = useTestBed({ credentialsInLinks: true, sendingValidationMs: 300 }, { limits });
	const flyer: InputFile = {
		bytes: Buffer.from('%PDF-1.4\n% flyer\n%%EOF\n', 'latin1'),
		fileName: 'flyer.pdf',
		mimeType: 'application/pdf',
	};
	const send: INodeParameters = {
		resource: 'document',
		operation: 'send',
		document: byId('={{ $json.mid }}'),
		subject: 'Your invoice',
		options: { attachments: 'data' },
	};
	const addItem = { method: 'POST', path: /\/item\/$/ };

	test('an upload_url outside https is refused before any request; the error item quotes it redacted', async () => {
		const [invoice] = seedInvoicesOf(bed, 'C-1', 1);
		const plainHttp = (body: Record<string, unknown>) => {
			const item = body.response as IDataObject;
			const given = new URL(String(item.upload_url));
			const upload = `http://files.example.com${given.pathname}${given.search}`;
			return { ...body, response: { ...item, upload_url: upload } };
		};
		// the document goes in as it is; the file's answer gives the address
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: (body) => body }, addItem);
		bed.sandbox.injectFault({ kind: 'rewriteAfter', change: plainHttp }, addItem);
		const result = await bed.run(send, [{ mid: String(invoice.mid) }], {
			files: [{ data: flyer }],
			onError: 'continueErrorOutput',
		});
		const [item] = result.errorOutput;
		expect(item.json.error).toMatch(
			/^Refusing to call http:\/\/files\.example\.com\/api\/partner\/\d+\/sending\/order\/\d+\/item\/\d+\/upload\/\?\S+: it is not a plain path under the Base URL \[item 0, row 1\]$/,
		);
		expect(item.json.error).toContain(REDACTED_QUERY);
		expect(bed.sandbox.received('/api/').filter((r) => r.method === 'PUT')).toEqual([]);
		expect(bed.sandbox.deliveries).toEqual([]);
		expectScrubbed(bed, result);
	});
});

describe("MakeLeaps' own words quoting such a link", () => {
	const bed = useTestBed();

	test('a preview\'s "would fail" item shows the link redacted, the Client ID included', async () => {
		const mid = seedClient(bed, 'GONE');
		await bed.run({ operation: 'get', client: byId(mid) });
		const { clientId, clientSecret } = bed.sandbox.credentials;
		const token = bed.sandbox.issuedTokens.at(-1)!;
		const link = `${bed.sandbox.baseUrl}/api/partner/1/client/${mid}/?session=${token}&app=${clientId}&key=${clientSecret}`;
		const body = { meta: { status: 404 }, response: { detail: `Not found; it moved to ${link}` } };
		bed.sandbox.injectFault(
			{ kind: 'status', status: 404, contentType: 'application/json', body: JSON.stringify(body) },
			{ method: 'GET', path: `/api/partner/${bed.sandbox.credentials.partnerMid}/client/${mid}/` },
		);
		const result = await bed.run({
			operation: 'delete',
			client: byId(mid),
			options: { previewOnly: true },
		});
		const [item] = result.output;
		expect(item.json).toMatchObject({
			preview: 'would fail',
			error: `MakeLeaps has no client ${mid} [item 0, row 1]`,
		});
		expect(item.json.description).toMatch(
			new RegExp(`it moved to \\S+/client/${mid}/\\?${REDACTED_QUERY.replace(/[[\]]/g, '\\$&')}$`),
		);
		expectScrubbed(bed, result);
	});
});

describe('A link with the credentials quoted by the node itself, outside any request', () => {
	const bed = useTestBed({}, { limits });

	/** A link carrying the credentials (the token the run holds), short enough to be quoted whole. */
	async function leakyLink() {
		const [quote] = seedDocuments(bed, seedClient(bed, 'C-1'), ['Q-1'], { document_type: 'quote' });
		const mid = String(quote.mid);
		await bed.run({ resource: 'document', operation: 'get', document: byId(mid) });
		const { clientId, clientSecret } = bed.sandbox.credentials;
		const token = bed.sandbox.issuedTokens.at(-1)!;
		return { mid, link: `/p/?session=${token}&app=${clientId}&key=${clientSecret}` };
	}

	test('a pickup link list quoting one: the stop and the error item show it redacted', async () => {
		const { mid, link } = await leakyLink();
		const texts = (body: Record<string, unknown>) => ({ ...body, response: [link] });
		const getLinks = { resource: 'document', operation: 'getPickupLinks', document: byId(mid) };
		for (const onError of [undefined, 'continueRegularOutput'] as const) {
			bed.sandbox.injectFault({ kind: 'rewriteAfter', change: texts }, { path: /pickup-link/ });
			const result = await bed.run(getLinks, [{}], { onError });
			const shown = onError ? result.output[0].json.error : result.error?.message;
			expect(shown).toBe(
				`MakeLeaps listed a pickup link of document ${mid} that is not a record: /p/?${REDACTED_QUERY} [item 0, row 1]`,
			);
			expectScrubbed(bed, result);
		}
	});

	test("the trigger's error naming a field that holds one", async () => {
		const { mid, link } = await leakyLink();
		bed.sandbox.mark(mid, 'accepted');
		const trigger = new ActiveTrigger(bed, { event: 'documentAccepted', documentType: 'quote' });
		const accepted = (body: Record<string, unknown>) => ({
			...body,
			response: (body.response as IDataObject[]).map((d) => ({ ...d, is_accepted: link })),
		});
		bed.sandbox.injectFault(
			{ kind: 'rewriteAfter', change: accepted },
			{ method: 'GET', path: LISTS },
		);
		const polled = await trigger.poll();
		expect(polled.error?.message).toBe(
			`MakeLeaps' document list gave a document whose is_accepted is "/p/?${REDACTED_QUERY}", neither a date nor yes or no, so the trigger cannot tell what to report`,
		);
		expectScrubbed(bed, polled);
	});

	test('an answer quoted in an excerpt that cuts the token short: what is left of it is not shown', async () => {
		const { mid } = await leakyLink();
		const token = bed.sandbox.issuedTokens.at(-1)!;
		const body = `<html>${'x'.repeat(100)} ${token} was refused</html>`;
		bed.sandbox.injectFault(
			{ kind: 'replaceAfter', status: 200, body, contentType: 'text/html' },
			{
				method: 'GET',
				path: /\/document\/\d+\/$/,
			},
		);
		const result = await bed.run({ resource: 'document', operation: 'get', document: byId(mid) });
		expect(result.error?.description).toMatch(/answered HTTP 200: <html>x+ \[redacted\]…$/);
		expect(JSON.stringify(textsOf(result))).not.toContain(token.slice(0, 8));
	});
});
