/**
 * Every text that leaves the node is scrubbed of the run's secrets, in every encoding: output
 * items (a document's note and title, a pickup link's address), the trigger's events and Fetch
 * Test Event's sample, the tool variant's answer, errors and logs. The sandbox's
 * `credentialEchoes` switch writes the caller's access token, Client Secret and Basic value
 * into those texts in each encoding of `ENCODINGS` (as they are, percent-encoded as a URL, a
 * query or a form gives them, `~` as %7E, lower-case hex, base64 and base64url, inside a longer
 * base64 text, JSON-escaped, HTML); the Client Secret holds the characters encodings differ on.
 * After every test the bed scans all the test saw for each secret in every one of those forms.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RunResult } from '../../../dev/harness/engine';
import {
	ENCODINGS,
	type CredentialEcho,
	type EchoEncoding,
} from '../../../sandbox/http/credentialEchoes';
import { ActiveTrigger, seedDocuments } from '../support/activeTrigger';
import { findSecrets, sandboxSecrets, textsOf, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient, seedInvoice } from '../support/fixtures';

/** A Client Secret with what encodings write otherwise: `~`, a space, `+`, `/`, quotes, `&`, `<`, non-ASCII. */
const SECRET = 'Tilde~Space Plus+Slash/Quote"Amp&Lt<Acute-é-秘-Apos\'-0123456789';

const ALL = Object.keys(ENCODINGS) as EchoEncoding[];

/** Every credential echoed into `into`, in every encoding. */
const echoesInto = (into: CredentialEcho['into']): CredentialEcho[] =>
	(['token', 'secret', 'basic'] as const).flatMap((what) => ALL.map((as) => ({ what, into, as })));

const ECHOES = [
	...echoesInto('documentNote'),
	...echoesInto('documentTitle'),
	...echoesInto('pickupLinkUrl'),
];

/** Fails when anything shown holds a secret of the sandbox in any form. */
function expectScrubbed(bed: TestBed, ...shown: unknown[]) {
	expect(findSecrets(shown, sandboxSecrets(bed.sandbox))).toEqual([]);
}

/** How many echoes a text shows redacted. */
const redactions = (text: unknown) => String(text).split('[redacted]').length - 1;

const getDocument = (mid: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'document',
	operation: 'get',
	document: byId(mid),
	simplify: false,
	...extra,
});

describe("Output items: a record MakeLeaps answered with the caller's credentials in its texts", () => {
	const bed = useTestBed({ clientSecret: SECRET, credentialEchoes: ECHOES });

	/** An invoice of a client, its MID. */
	const invoice = () => String(seedInvoice(bed, seedClient(bed, 'C-1')).mid);

	test('Document → Get: the note and the title keep their words, every echo redacted', async () => {
		const mid = invoice();
		const result = await bed.run(getDocument(mid));
		expect(result.error).toBeUndefined();
		const [{ json }] = result.output;
		// 3 credentials × every encoding, each one redacted where it was
		const echoes = 3 * ALL.length;
		expect(redactions(json.note)).toBe(echoes);
		expect(redactions(json.title)).toBe(echoes);
		expect(String(json.note)).toMatch(/^ \(requested by \[redacted\]\)/);
		expectScrubbed(bed, result);
		// the record as MakeLeaps has it is untouched: the echo was only in the answer
		expect(bed.sandbox.documentsOf()[0].note).toBe('');
		expect(bed.sandbox.received('/api/')).toHaveLength(1);
	});

	test('Document → Get Many with Simplify, and Create: every row scrubbed, nothing written twice', async () => {
		const client = seedClient(bed, 'C-1');
		seedInvoice(bed, client);
		const many = await bed.run(
			{ resource: 'document', operation: 'getAll', returnAll: true },
			[{}],
			{
				typeVersion: 2,
			},
		);
		expect(many.error).toBeUndefined();
		expect(many.output).toHaveLength(1);
		expect(redactions(many.output[0].json.title)).toBe(3 * ALL.length);
		const created = await bed.run({
			resource: 'document',
			operation: 'create',
			documentType: 'invoice',
			client: byId(client),
			date: '2026-11-30',
			lineItems: { line: [{ description: 'Work', quantity: 1, unitPrice: 1000, taxRate: 10 }] },
			simplify: false,
		});
		expect(created.error).toBeUndefined();
		expect(redactions(created.output[0].json.note)).toBe(3 * ALL.length);
		expect(bed.sandbox.documentsOf()).toHaveLength(2);
		expectScrubbed(bed, many, created);
	});

	test("Get Pickup Links: the link's own address stays, the echoed credentials go", async () => {
		const mid = invoice();
		const link = bed.sandbox.documents.pickupLinks.add(mid, { email: 'sato@example.com' });
		const result = await bed.run({
			resource: 'document',
			operation: 'getPickupLinks',
			document: byId(mid),
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		const url = String(result.output[0].json.url);
		expect(url.startsWith(`${bed.sandbox.baseUrl}/pickup/${link.token}/?session=`)).toBe(true);
		expect(redactions(url)).toBe(3 * ALL.length);
		expectScrubbed(bed, result);
	});

	test("the tool variant's answer: what the model reads holds none of them", async () => {
		const mid = invoice();
		const answer = await bed.callTool(getDocument(mid), {});
		expect(answer.isError).toBe(false);
		expect(redactions(answer.text)).toBeGreaterThanOrEqual(2 * 3 * ALL.length);
		expectScrubbed(bed, answer);
	});

	test("the trigger's events and Fetch Test Event's sample", async () => {
		const client = seedClient(bed, 'C-1');
		const trigger = new ActiveTrigger(bed, { event: 'newDocument' });
		expect((await trigger.poll()).error).toBeUndefined();
		seedDocuments(bed, client, ['INV-1', 'INV-2']);
		const polled = await trigger.poll();
		expect(polled.error).toBeUndefined();
		const events = polled.items ?? [];
		expect(events).toHaveLength(2);
		for (const event of events) expect(redactions(event.json.title)).toBe(3 * ALL.length);
		const sample = await trigger.poll('manual');
		expect(sample.items).toHaveLength(1);
		expect(redactions(sample.items?.[0].json.title)).toBe(3 * ALL.length);
		expectScrubbed(bed, polled, sample, bed.logs);
	});
});

describe('Errors quoting a secret in any encoding', () => {
	const bed = useTestBed({ clientSecret: SECRET });

	/** A document read answered 400, MakeLeaps' words quoting `quoted`. */
	async function refusedQuoting(
		quoted: (values: Record<string, string>) => string,
	): Promise<RunResult> {
		const mid = String(seedInvoice(bed, seedClient(bed, 'C-1')).mid);
		await bed.run(getDocument(mid));
		const { clientId } = bed.sandbox.credentials;
		const values = {
			token: bed.sandbox.issuedTokens.at(-1)!,
			secret: SECRET,
			basic: Buffer.from(`${clientId}:${SECRET}`).toString('base64'),
		};
		const body = { meta: { status: 400 }, response: { detail: `Refused for ${quoted(values)}` } };
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400, contentType: 'application/json', body: JSON.stringify(body) },
			{ method: 'GET', path: /\/document\/\d+\/$/ },
		);
		return await bed.run(getDocument(mid), [{}], { onError: 'continueRegularOutput' });
	}

	test.each(ALL)(
		'%s: the token, the secret and the Basic value redacted in the error item',
		async (as) => {
			const encode = ENCODINGS[as];
			const result = await refusedQuoting(
				({ token, secret, basic }) => `${encode(token)} / ${encode(secret)} / ${encode(basic)}`,
			);
			const [item] = result.output;
			expect(item.json.error).toMatch(/^MakeLeaps refused/);
			// each of the three where it was (inside a longer base64 text, what its bytes alone decide)
			expect(redactions(item.json.error)).toBe(3);
			if (as !== 'base64InJson')
				expect(textsOf(item).join('\n')).toContain(
					'Refused for [redacted] / [redacted] / [redacted]',
				);
			expectScrubbed(bed, result);
		},
	);
});

describe('A link carrying a Client Secret with `~` and a space (form-encoded: %7E, +)', () => {
	const bed = useTestBed({ clientSecret: SECRET, credentialsInLinks: true, maxPageSize: 1 });

	test('the error quoting it shows it redacted, in the form the service wrote it', async () => {
		for (const id of ['C-1', 'C-2', 'C-3']) seedClient(bed, id);
		// the next-page links back to the first page: a list without end
		const toFirstPage = (body: Record<string, unknown>) => {
			const meta = body.meta as IDataObject;
			const link = new URL(String(meta.next));
			link.searchParams.set('page', '1');
			return { ...body, meta: { ...meta, next: link.toString() } };
		};
		for (let answer = 0; answer < 2; answer++)
			bed.sandbox.injectFault(
				{ kind: 'rewriteAfter', change: toFirstPage },
				{ method: 'GET', path: /\/client\/$/ },
			);
		const result = await bed.run({ operation: 'getAll', returnAll: true, simplify: false });
		expect(result.error?.message).toMatch(/a next-page link goes back to a page already read/);
		expect(result.error?.message).toContain('key=[redacted]');
		expectScrubbed(bed, result);
	});
});
