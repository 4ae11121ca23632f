/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: a test in Node.js, never inside n8n */
/**
 * A started n8n (`n8n start`) with the package: the node and credential types are served to the
 * editor, the credential test of n8n's REST API accepts the sandbox's ID and secret and refuses
 * a wrong secret, the editor shows the node's panels and outputs in headless Chromium
 * (screenshots under test-output/e2e/), and example 5's published form turns a submission into a
 * quote and its PDF, once: the same submission again makes nothing.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import {
	chromium,
	type Browser,
	type BrowserContext,
	type Locator,
	type Page,
} from 'playwright-core';

import {
	documentReads,
	QUOTE_REQUEST,
	quoteForm,
	replayQuoteRequest,
	submitQuoteForm,
	until,
} from '../../dev/liveExamples';
import { CREDENTIAL, n8nLine, ROOT } from '../../dev/n8n';
import { readPdf } from '../../dev/pdf';
import { SETUP_TIMEOUT_MS, useN8n, withinBudget } from './bed';
import { outputWorkflows } from './outputWorkflows';

const SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-makeleaps-node.png');
const PREVIEW_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-preview-table.png');
const CREDENTIAL_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-credential.png');
const TRIGGER_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-trigger.png');
const LINES_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-invoice-lines.png');
const DROP_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'editor-line-from-columns.png');
const CHECK_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'output-check.png');
const SEND_SCREENSHOT = path.join(ROOT, 'test-output', 'e2e', 'output-send.png');

/**
 * With MAKELEAPS_DOCS_SCREENSHOTS=1, the screenshots also replace the ones in docs/ (the README
 * shows those): `MAKELEAPS_DOCS_SCREENSHOTS=1 npm test -- --selectProjects e2e`.
 */
function publish(screenshot: string, docsName: string) {
	if (process.env.MAKELEAPS_DOCS_SCREENSHOTS === '1')
		copyFileSync(screenshot, path.join(ROOT, 'docs', docsName));
}

/**
 * A test of the 2.x editor's screens. On n8n 1.x (`npm run test:e2e:lts`) the editor draws them
 * differently; the node, the credential test, the form and the trigger are tested there too.
 */
const screenTest = n8nLine() >= 2 ? test : test.skip;

describe('a started n8n with the package', () => {
	const bed = useN8n();
	let browser: Browser | undefined;
	let context: BrowserContext;

	beforeAll(async () => {
		// workflows of one node, to show their output
		await bed.n8n.importWorkflows(outputWorkflows(bed.sandbox));
		await bed.n8n.publish('mlExample5FormQuote');
		await bed.n8n.start();
		await bed.n8n.login();
	}, SETUP_TIMEOUT_MS);
	afterAll(async () => {
		await browser?.close();
	});

	/**
	 * Opens a stored workflow in the editor, runs it with Execute workflow, waits until `ran` says
	 * it did, then opens `nodeName` and waits for `shown` in its output panel (n8n's table view).
	 * `wide` drags the parameters to the left, so that the output takes most of the width.
	 */
	async function runAndOpenOutput(
		workflowId: string,
		nodeName: string,
		ran: () => boolean,
		shown: string,
		{ wide = false, width = 2000, height = 2700 } = {},
	) {
		const page = await (await editor()).newPage();
		await page.setViewportSize({ width, height });
		await page.goto(`${bed.n8n.url}/workflow/${workflowId}`, { waitUntil: 'domcontentloaded' });
		const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`);
		await node.waitFor({ timeout: 60_000 });
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		await until(60_000, () => ran() || undefined);
		await node.dblclick();
		const output = page.locator('[data-test-id="output-panel"]');
		await output.getByText(shown).first().waitFor({ timeout: 60_000 });
		await page
			.locator('.el-notification__closeBtn')
			.click({ timeout: 5_000 })
			.catch(() => {});
		if (wide) {
			const handle = await page.locator('[data-test-id="panel-drag-button"]').boundingBox();
			if (handle) {
				await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
				await page.mouse.down();
				await page.mouse.move(0, handle.y + handle.height / 2, { steps: 20 });
				await page.mouse.up();
			}
		}
		return { page, output };
	}

	/** The output panel down to the end of its table, without the empty space below. */
	async function screenshotTable(page: Page, output: Locator, file: string) {
		const panel = (await output.boundingBox())!;
		const table = (await output.locator('table').first().boundingBox())!;
		await page.screenshot({
			path: file,
			clip: { ...panel, height: Math.min(panel.height, table.y + table.height + 16 - panel.y) },
		});
	}

	test('serves the MakeLeaps node and credential types to the editor', async () => {
		const nodes = await bed.n8n.rest('GET', '/types/nodes.json');
		expect(nodes.status).toBe(200);
		const node = (
			nodes.body as Array<{
				name: string;
				displayName: string;
				credentials?: Array<{ name: string }>;
			}>
		).find((n) => n.name === 'n8n-nodes-makeleaps.makeLeaps');
		expect(node).toMatchObject({
			displayName: 'MakeLeaps',
			credentials: [expect.objectContaining({ name: 'makeLeapsApi' })],
		});
		const credentials = await bed.n8n.rest('GET', '/types/credentials.json');
		expect((credentials.body as Array<{ name: string }>).map((c) => c.name)).toContain(
			'makeLeapsApi',
		);
	});

	test("the credential test accepts the sandbox's Client ID and Secret and refuses a wrong secret", async () => {
		const { sandbox } = bed;
		const { clientId, clientSecret } = sandbox.credentials;
		const check = async (secret: string) => {
			const answer = await bed.n8n.rest('POST', '/rest/credentials/test', {
				// What the editor's Test button sends for the stored credential, with the values in the form.
				credentials: {
					id: CREDENTIAL.id,
					name: CREDENTIAL.name,
					type: 'makeLeapsApi',
					data: { baseUrl: sandbox.baseUrl, clientId, clientSecret: secret },
				},
			});
			expect(answer.status).toBe(200);
			return (answer.body as { data: { status: string; message: string } }).data;
		};

		sandbox.resetRequests();
		expect(await check(clientSecret)).toEqual({ status: 'OK', message: expect.any(String) });
		const token = sandbox.received('/user/oauth2/token/');
		expect(token.map((r) => r.status)).toEqual([200]);
		expect(sandbox.received('/api/partner/').map((r) => `${r.method} ${r.status}`)).toEqual([
			'GET 200',
		]);

		sandbox.resetRequests();
		const refused = await check('not-the-secret');
		expect(refused.status).toBe('Error');
		expect(refused.message).toContain('MakeLeaps rejected the Client ID or Client Secret');
		expect(refused.message).not.toContain('not-the-secret');
		expect(sandbox.received('/user/oauth2/token/').map((r) => r.status)).toEqual([401]);
		expect(sandbox.received('/api/')).toHaveLength(0);
	});

	/** The browser, logged in to n8n: started by the first test of the editor that runs. */
	async function editor(): Promise<BrowserContext> {
		if (browser) return context;
		browser = await chromium.launch({
			executablePath: process.env.MAKELEAPS_CHROMIUM ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-dev-shm-usage',
				'--disable-background-networking',
				'--disable-component-update',
				'--no-first-run',
			],
		});
		context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
		const [name, value] = bed.n8n.sessionCookie.split('=');
		await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
		return context;
	}

	/** Drags `source` onto `target` with the mouse, as a user maps a column onto a field. */
	async function drag(page: Page, source: Locator, target: Locator) {
		await target.scrollIntoViewIfNeeded();
		const from = (await source.boundingBox())!;
		const to = (await target.boundingBox())!;
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
		await page.mouse.down();
		await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
		await page.mouse.up();
	}

	screenTest("the editor opens example 1 and shows the MakeLeaps node's panel", async () => {
		const page = await (await editor()).newPage();
		await page.goto(`${bed.n8n.url}/workflow/mlExample1Lifecycle`, {
			waitUntil: 'domcontentloaded',
		});

		const node = page.locator(
			'[data-test-id="canvas-node"][data-node-name="Create or update head office"]',
		);
		await node.waitFor({ timeout: 60_000 });
		await node.dblclick();
		const panel = page.locator('[data-test-id="ndv"]');
		await panel.waitFor({ timeout: 30_000 });
		await page.getByText('Person Family Name').first().waitFor({ timeout: 30_000 });

		mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
		await page.screenshot({ path: SCREENSHOT });
		publish(SCREENSHOT, 'editor-client-create.png');
		const text = await panel.innerText();
		for (const label of [
			'Credential',
			'Resource',
			'Operation',
			'Partner',
			'Client External ID',
			'Organization Name',
			'Person Family Name',
			'Person Email',
			'Additional Fields',
		]) {
			expect(text).toContain(label);
		}
		// one Options collection (Requests Per Minute is in it), and an empty Partner explained
		expect(text.match(/^Options$/gm) ?? []).toHaveLength(1);
		expect(text).toContain('Empty means the only partner of this credential');
		// The fields hold the example's values, and the credential picker the imported credential.
		const values = await panel
			.locator('input, textarea, [contenteditable="true"]')
			.evaluateAll((elements) =>
				elements.map((e) =>
					'value' in e ? String((e as { value: unknown }).value) : (e.textContent ?? ''),
				),
			);
		expect(values).toEqual(
			expect.arrayContaining(['MakeLeaps account', 'EX1-HQ', 'Sakura Holdings K.K.']),
		);
	});

	screenTest(
		'the credential form asks for Client ID, Client Secret, then Base URL, and never shows the secret',
		async () => {
			const page = await (await editor()).newPage();
			await page.goto(`${bed.n8n.url}/home/credentials/${CREDENTIAL.id}`, {
				waitUntil: 'domcontentloaded',
			});
			const modal = page.locator('[data-test-id="editCredential-modal"]');
			await modal.getByText('Base URL').first().waitFor({ timeout: 60_000 });
			await modal.screenshot({ path: CREDENTIAL_SCREENSHOT });
			publish(CREDENTIAL_SCREENSHOT, 'editor-credential.png');
			const text = await modal.innerText();
			const at = (label: string) => text.indexOf(label);
			expect(at('Client ID')).toBeGreaterThan(-1);
			expect(at('Client ID')).toBeLessThan(at('Client Secret'));
			expect(at('Client Secret')).toBeLessThan(at('Base URL'));
			// each is marked required, and where to find the ID and the secret is visible, not in a tooltip
			for (const label of ['Client ID', 'Client Secret', 'Base URL'])
				expect(text).toMatch(new RegExp(`${label}\\s*\\*`));
			expect(text).toContain('In MakeLeaps, open Settings > API and create an API key');
			expect(text).toContain('Copy it then: MakeLeaps may not show it again.');
			const values = await modal
				.locator('input')
				.evaluateAll((inputs) => inputs.map((i) => (i as { value: string }).value));
			expect(values).toContain(bed.sandbox.credentials.clientId);
			expect(values).not.toContain(bed.sandbox.credentials.clientSecret);
			expect(text).not.toContain(bed.sandbox.credentials.clientSecret);
			await page.close();
		},
	);

	screenTest(
		"the MakeLeaps Trigger's panel in example 6: the event and the document type",
		async () => {
			const page = await (await editor()).newPage();
			await page.goto(`${bed.n8n.url}/workflow/mlExample6PaidInvoices`, {
				waitUntil: 'domcontentloaded',
			});
			const node = page.locator(
				'[data-test-id="canvas-node"][data-node-name="When an invoice is paid"]',
			);
			await node.waitFor({ timeout: 60_000 });
			await node.dblclick();
			const panel = page.locator('[data-test-id="ndv"]');
			await panel.getByText('Document Type').first().waitFor({ timeout: 30_000 });
			await page.screenshot({ path: TRIGGER_SCREENSHOT });
			publish(TRIGGER_SCREENSHOT, 'editor-trigger.png');
			const text = await panel.innerText();
			for (const label of ['Credential', 'Poll Times', 'Event', 'Document Type']) {
				expect(text).toContain(label);
			}
			// what polling costs, in the panel
			expect(text).toContain('polling every minute spends at least 1,440 of them');
			await page.close();
		},
	);

	screenTest(
		"example 4's invoice in the editor: a line's Type first, then an invoice's columns; rows grouped by invoice_id",
		async () => {
			const page = await (await editor()).newPage();
			await page.setViewportSize({ width: 1440, height: 2400 });
			await page.goto(`${bed.n8n.url}/workflow/mlExample4SheetInvoices`, {
				waitUntil: 'domcontentloaded',
			});
			const node = page.locator(
				'[data-test-id="canvas-node"][data-node-name="Create or update invoice"]',
			);
			await node.waitFor({ timeout: 60_000 });
			await node.dblclick();
			const panel = page.locator('[data-test-id="ndv"]');
			await panel.getByText('Group Rows By').first().waitFor({ timeout: 30_000 });
			await page.screenshot({ path: LINES_SCREENSHOT });
			publish(LINES_SCREENSHOT, 'editor-invoice-lines.png');
			const text = await panel.innerText();
			const order = [
				'Type of Line',
				'Description',
				'Quantity',
				'Rate (Unit Price)',
				'Tax Rate (%)',
			];
			const at = order.map((label) => text.indexOf(label));
			expect(at.every((i) => i > -1)).toBe(true);
			expect(at).toEqual([...at].sort((a, b) => a - b));
			// a normal line has no Line Amount: MakeLeaps computes it
			expect(text).not.toContain('Line Amount');
			expect(text).toContain('Group Rows By');
			await page.close();
		},
	);

	screenTest(
		"a new line built by dragging a row's columns onto Description, Quantity, Rate and Tax Rate runs with the row's values",
		async () => {
			const page = await (await editor()).newPage();
			await page.setViewportSize({ width: 1800, height: 1600 });
			await page.goto(`${bed.n8n.url}/workflow/mlLineFromColumns`, {
				waitUntil: 'domcontentloaded',
			});
			const node = page.locator('[data-test-id="canvas-node"][data-node-name="Create invoice"]');
			await node.waitFor({ timeout: 60_000 });
			await node.dblclick();
			const panel = page.locator('[data-test-id="ndv"]');
			await panel.locator('[data-test-id="fixed-collection-add"]').click();
			const input = page.locator('[data-test-id="ndv-input-panel"]');
			const columns = [
				['description', 'description'],
				['quantity', 'quantity'],
				['unit_price', 'unitPrice'],
				['tax_rate', 'taxRate'],
			];
			for (const [column, field] of columns) {
				const source = input
					.locator('[data-test-id="run-data-schema-item"] span')
					.filter({ hasText: new RegExp(`^${column}$`) })
					.first();
				await source.waitFor({ timeout: 30_000 });
				const target = panel.locator(`[data-test-id="parameter-input-${field}"]`);
				// the field holds the column alone: nothing a default left in it (a drop the busy
				// editor missed is made again, at most twice)
				const holdsColumn = async () =>
					(await target.innerText()).trim().startsWith(`{{ $json.${column} }}`) || undefined;
				for (let attempt = 1; ; attempt++) {
					await drag(page, source, target);
					const held = await until(5_000, holdsColumn).catch(() => undefined);
					if (held || attempt === 3) break;
				}
				await until(1_000, holdsColumn);
			}
			mkdirSync(path.dirname(DROP_SCREENSHOT), { recursive: true });
			await page.screenshot({ path: DROP_SCREENSHOT });
			await panel.locator('[data-test-id="node-execute-button"]').click();
			const client = bed.sandbox.clients().find((c) => c.client_external_id === 'E2E-LINE')!;
			const invoice = await until(60_000, () =>
				bed.sandbox.documentsOf().find((d) => d.client === client.url),
			);
			expect(invoice.lineitems).toEqual([
				expect.objectContaining({
					kind: 'normal',
					description: 'Consulting',
					quantity: '10',
					unit_cost: '12000',
					tax_rate: '8',
				}),
			]);
			await page.close();
		},
	);

	screenTest(
		"8 in the editor: Execute workflow shows each row's preview in the Preview import node's table",
		async () => {
			const { sandbox } = bed;
			// MakeLeaps already holds CSV-0001 with an older e-mail, and two clients with CSV-0005
			const organization = (name: string) => ({
				contact_type: 'organization',
				name,
				addresses: [],
				email: null,
			});
			const address = {
				format: 'jp_default',
				country_name: 'JP',
				postal_code: '105-0011',
				region: 'tokyo',
				locality: 'Minato-ku',
				street_address: '1-2-3 Shibakoen',
				extended_address: '',
			};
			sandbox.seedClient({
				client_external_id: 'CSV-0001',
				contacts: [
					{ ...organization('Fuji Logistics Ltd.'), addresses: [address] },
					{
						contact_type: 'person',
						family_name: 'Suzuki',
						addresses: [],
						email: { address: 'old@fuji-logistics.example.jp' },
					},
				],
			});
			for (const name of ['Watanabe Design', 'Watanabe Design (old)'])
				sandbox.seedClient({ client_external_id: 'CSV-0005', contacts: [organization(name)] });
			const before = sandbox.clients().length;

			sandbox.resetRequests();
			// the import creates the three new rows
			const { page, output } = await runAndOpenOutput(
				'mlExample8PreviewImport',
				'Preview import',
				() => sandbox.clients().length === before + 3,
				'would update',
				{ wide: true },
			);
			await screenshotTable(page, output, PREVIEW_SCREENSHOT);
			publish(PREVIEW_SCREENSHOT, 'preview-table.png');
			const text = await output.innerText();
			for (const words of ['would update', 'would create', 'would fail', 'changes'])
				expect(text).toContain(words);
			// Simplify on: each change in words
			expect(text).toContain('person.email: old@fuji-logistics.example.jp → suzuki@');
			expect(text).toContain('2 clients have Client External ID "CSV-0005"');
			// the row named by n8n's item and by the row a person counts
			expect(text).toContain('[item 4, row 5]');
			// the duplicates by their names beside their MIDs
			expect(text).toMatch(/Watanabe Design \(\d+\), Watanabe Design \(old\) \(\d+\)/);
			// the parameters beside it: Preview Only, switched on
			expect(await page.locator('[data-test-id="ndv"]').innerText()).toContain('Preview Only');
			await page.close();
		},
	);

	screenTest(
		"Options → Add Option → Preview Only, as a user adds it: on, its hint under it; the README's chain then writes nothing, and the invoice of the new client would create after its client",
		async () => {
			const { sandbox } = bed;
			const clientsBefore = sandbox.clients().length;
			const page = await (await editor()).newPage();
			await page.setViewportSize({ width: 1600, height: 1400 });
			await page.goto(`${bed.n8n.url}/workflow/mlChainPreview`, { waitUntil: 'domcontentloaded' });
			const nodeNamed = (name: string) =>
				page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
			await nodeNamed('Create or update client').waitFor({ timeout: 60_000 });
			await nodeNamed('Create or update client').dblclick();
			const panel = page.locator('[data-test-id="ndv"]');
			await panel.getByText('Client External ID').first().waitFor({ timeout: 30_000 });
			// the Options collection's picker of options, as n8n draws it (a select, "Add Option")
			const addOption = panel.locator(
				'[data-test-id="collection-parameter-add"] input[placeholder="Add Option"]',
			);
			await addOption.scrollIntoViewIfNeeded();
			await addOption.click();
			await page
				.locator('[data-test-id="collection-parameter-option"]')
				.filter({ hasText: /^\s*Preview Only\s*$/ })
				.first()
				.click({ timeout: 10_000 });
			const option = panel.locator('[data-test-id="parameter-input-previewOnly"]');
			await option.waitFor({ timeout: 10_000 });
			// the switch is on, with what off means under it
			expect(await option.locator('.el-switch.is-checked').count()).toBe(1);
			expect(await panel.innerText()).toContain('On: nothing is written');
			await panel.locator('[data-test-id="ndv-close-button"]').click();
			sandbox.resetRequests();
			await page.locator('[data-test-id="execute-workflow-button"]').click();
			await nodeNamed('Create or update invoice').dblclick();
			const output = page.locator('[data-test-id="output-panel"]');
			await output.getByText('would create after its client').first().waitFor({ timeout: 60_000 });
			expect(sandbox.received('/api/').filter((r) => r.method !== 'GET')).toEqual([]);
			expect(sandbox.received('/api/').length).toBeGreaterThan(0);
			expect(sandbox.clients()).toHaveLength(clientsBefore);
			expect(await output.innerText()).toContain('E2E-CHAIN');
			await page.close();
		},
	);

	screenTest(
		'a stopped run in the editor: its message starts with the fix and names the row by its number, the clients made by their Client External ID',
		async () => {
			const { sandbox } = bed;
			const { page, output } = await runAndOpenOutput(
				'mlStoppedImport',
				'Create or update client',
				() => sandbox.clients().some((c) => c.client_external_id === 'E2E-STOP-1'),
				'Give the row a Client External ID',
			);
			const text = await output.innerText();
			expect(text).toContain('Give the row a Client External ID: it is empty [item 1, row 2]');
			expect(text).toContain('created 1 client (E2E-STOP-1)');
			expect(text).not.toMatch(/\d{19}/);
			expect(sandbox.clients().filter((c) => JSON.stringify(c).includes('Tsubaki'))).toEqual([]);
			await page.close();
		},
	);

	screenTest(
		"Account → Check's output in the table view: one row per check, what it means and what to do",
		async () => {
			const { page, output } = await runAndOpenOutput(
				'mlOutputCheck',
				'Check my account',
				() => true,
				'what_it_means',
				{ wide: true },
			);
			await screenshotTable(page, output, CHECK_SCREENSHOT);
			publish(CHECK_SCREENSHOT, 'output-check.png');
			const text = await output.innerText();
			for (const column of ['check', 'result', 'what_it_means', 'what_to_do'])
				expect(text).toContain(column);
			expect(text).toContain('held');
			// first, whether anything needs doing
			expect(text).toContain('Summary: does anything need doing?');
			await page.close();
		},
	);

	screenTest(
		"Document → Send's output with Simplify: one flat row of what was sent, to whom, in which order",
		async () => {
			const { sandbox } = bed;
			const { page, output } = await runAndOpenOutput(
				'mlOutputSend',
				'Send invoice',
				() => sandbox.deliveries.length === 1,
				'sending_order_status',
				{ wide: true, width: 2600, height: 900 },
			);
			await screenshotTable(page, output, SEND_SCREENSHOT);
			publish(SEND_SCREENSHOT, 'output-send.png');
			const text = await output.innerText();
			for (const words of ['INV-SEND-1', 'sent', 'tanaka@aozora.example.jp', 'securesend'])
				expect(text).toContain(words);
			expect(sandbox.deliveries[0]).toMatchObject({ to_emails: ['tanaka@aozora.example.jp'] });
			await page.close();
		},
	);

	test('5: a submitted quote request form becomes a quote for the client, its PDF mailed to the requester; the same submission again makes no quote and mails nothing', async () => {
		const { sandbox, n8n } = bed;
		const { url: formUrl, page } = await quoteForm(n8n);
		expect(page).toContain('Request a quote');

		sandbox.resetRequests();
		expect(await submitQuoteForm(formUrl)).toBe(200);

		// The form answers at once; the workflow goes on in the background.
		const quotes = () => sandbox.documentsOf().filter((d) => d.document_type === 'quote');
		// offline, each mail is its attachment written as <recipient>--<file>
		const mails = () =>
			readdirSync(n8n.outputFolder).filter((f) => f.startsWith(`${QUOTE_REQUEST[2]}--`));
		const file = path.join(n8n.outputFolder, 'Kobayashi@Momiji-Print.example.jp--0001.pdf');
		// the file node may still be writing it: wait until it reads as a whole PDF
		const pdf = await until(60_000, () => {
			if (quotes().length === 0 || !existsSync(file)) return undefined;
			try {
				return readPdf(readFileSync(file));
			} catch {
				return undefined; // not all written yet
			}
		});
		const [quote] = quotes();
		expect(quote).toMatchObject({
			document_number: '0001',
			title: 'Quote: Logo design',
			total: '330000', // 2 × 150000 + 10%
			lineitems: [expect.objectContaining({ description: 'Logo design', quantity: '2' })],
			// the submission's own key: the requester's e-mail and when the form was sent
			external_id: expect.stringMatching(
				/^kobayashi@momiji-print\.example\.jp \d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/,
			),
		});
		const client = sandbox.clients().find((c) => c.url === quote.client);
		expect(client).toMatchObject({
			client_external_id: 'kobayashi@momiji-print.example.jp',
			display_name: 'Momiji Print K.K.',
		});
		expect(pdf.pages).toBe(1);
		expect(pdf.texts).toEqual(expect.arrayContaining(['Quote 0001', 'Total: 330000 JPY']));
		expect(mails()).toEqual([path.basename(file)]);
		const partner = `/api/partner/${sandbox.credentials.partnerMid}`;
		const clientMid = String(client!.mid);
		const quoteAt = `${partner}/document/${String(quote.mid)}/`;
		// the quote is looked for among the quotes of the day of the submission only
		const quoteList = `GET ${partner}/document/?document_type=quote&date__gte=${String(quote.date)}`;
		// method and path, and a document list read with its type and first day
		const calls = () =>
			sandbox
				.received('/api/')
				.map((r) =>
					r.method === 'GET' && r.path.endsWith('/document/')
						? `GET ${r.path}?document_type=${r.query.document_type}&date__gte=${r.query.date__gte}`
						: `${r.method} ${r.path}`,
				);
		expect(calls()).toEqual([
			'GET /api/partner/',
			`GET ${partner}/client/`,
			`POST ${partner}/client/`,
			quoteList,
			// the new quote goes to the client's default contact, read as MakeLeaps has it now
			`GET ${partner}/client/${clientMid}/`,
			// with the type's default template (Template left empty), read once and sent
			`GET ${partner}/template/quote/`,
			`POST ${partner}/document/`,
			// Download PDF names the file after the quote's number, read now
			`GET ${quoteAt}`,
			`GET ${quoteAt}pdf/`,
		]);
		withinBudget(sandbox, 'mlExample5FormQuote', 'first');

		// The same submission handled again (n8n runs the execution's trigger data once more): the
		// quote is found by its External ID, unchanged, and neither its PDF nor a mail follows.
		rmSync(file);
		sandbox.resetRequests();
		const replay = await replayQuoteRequest(n8n);
		expect(replay.status).toBe('success');
		const items = (node: string) =>
			(replay.runData[node]?.[0]?.data?.main[0] ?? []).map((item) => item.json);
		expect(items('Quote request form')).toEqual([
			expect.objectContaining({ Email: QUOTE_REQUEST[2] }),
		]);
		expect(items('Create or update quote')).toEqual([
			expect.objectContaining({ mid: quote.mid, operation: 'unchanged' }),
		]);
		expect(items('New quotes only')).toEqual([]);
		expect(replay.runData['Download PDF']).toBeUndefined();
		expect(replay.runData['E-mail the quote']).toBeUndefined();
		expect(mails()).toEqual([]);
		expect(quotes().map((q) => q.mid)).toEqual([quote.mid]);
		expect(calls()).toEqual(['GET /api/partner/', `GET ${partner}/client/`, quoteList]);
		withinBudget(sandbox, 'mlExample5FormQuote', 'again');
	});

	test('6: a published MakeLeaps Trigger reports each payment made in MakeLeaps once, a backdated one on an invoice made after the last poll included', async () => {
		const { sandbox, n8n } = bed;
		const client = sandbox.seedClient({
			client_external_id: 'E2E-PAID',
			contacts: [{ contact_type: 'organization', name: 'Paid Co', addresses: [], email: null }],
		});
		const invoice = (number: string) =>
			sandbox.seedDocument({
				document_type: 'invoice',
				document_number: number,
				client: `${sandbox.baseUrl}/api/partner/${sandbox.credentials.partnerMid}/client/${client.mid}/`,
				lineitems: [{ kind: 'simple', description: 'Work', price: '10000', tax_rate: '10' }],
				autocalculate: true,
			});
		const first = invoice('E2E-INV-1');
		sandbox.resetRequests();
		// the editor's Publish button (the Active switch on n8n 1.x)
		expect(await n8n.activate('mlExample6PaidInvoices')).toBe(200);
		// the first poll, at activation, reads the invoices and reports nothing
		await until(60_000, () => documentReads(sandbox).length > 0 || undefined);
		withinBudget(sandbox, 'mlExample6PaidInvoices', 'first');

		sandbox.markPaid(String(first.mid), '2026-11-23T10:00:00.000Z');
		// made after that poll and paid with the day the money came in, before the trigger started
		const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
		sandbox.markPaid(String(invoice('E2E-INV-2').mid), yesterday);
		const ledger = path.join(n8n.outputFolder, 'paid-invoices.csv');
		const lines = () =>
			existsSync(ledger) ? readFileSync(ledger, 'utf8').split('\n').filter(Boolean) : [];
		// polls come every minute
		await until(130_000, () => (lines().length >= 2 ? true : undefined));
		expect(lines().sort()).toEqual([
			'E2E-INV-1,Paid Co,11000,JPY,2026-11-23T10:00:00.000Z',
			`E2E-INV-2,Paid Co,11000,JPY,${yesterday}`,
		]);
	});
});
