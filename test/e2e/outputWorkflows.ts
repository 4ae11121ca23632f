/**
 * Workflows of a Manual Trigger and one MakeLeaps node of the current version (Simplify on),
 * which the editor test runs to show their output: Account → Check, and Document → Send of an
 * invoice seeded for it; and Document → Create of an invoice with no line yet, whose trigger holds
 * a row of a sheet (pinned), for the editor test to build a line from by dragging its columns;
 * and the README's client and invoice, for the editor test to preview.
 */
import { randomUUID } from 'node:crypto';

import { CREDENTIAL } from '../../dev/n8n';
import type { Sandbox } from '../../sandbox/server';

export function outputWorkflows(sandbox: Sandbox) {
	return [
		oneNode('mlOutputCheck', 'Check my account', { resource: 'account', operation: 'check' }),
		oneNode('mlOutputSend', 'Send invoice', {
			resource: 'document',
			operation: 'send',
			document: { __rl: true, mode: 'id', value: String(invoiceToSend(sandbox).mid) },
			channels: ['securesend'],
			subject: 'Your invoice INV-SEND-1',
			message: 'Please find our invoice attached.',
		}),
		oneNode(
			'mlLineFromColumns',
			'Create invoice',
			{
				resource: 'document',
				operation: 'create',
				documentType: 'invoice',
				client: { __rl: true, mode: 'id', value: lineClient(sandbox) },
				date: '2026-11-30',
			},
			[{ description: 'Consulting', quantity: 10, unit_price: 12000, tax_rate: 8 }],
		),
		chainToPreview(),
		// a sheet's second row lacks its ID: the run stops there, after the first row's client
		oneNode(
			'mlStoppedImport',
			'Create or update client',
			{
				operation: 'createOrUpdate',
				clientExternalId: '={{ $json.client_id }}',
				organizationName: '={{ $json.organization }}',
			},
			[
				{ client_id: 'E2E-STOP-1', organization: 'Sakura Print K.K.' },
				{ client_id: '', organization: 'Tsubaki Row Two' },
			],
		),
	];
}

/**
 * The README's first invoice as two nodes after a sheet's rows (pinned): a client, then its
 * invoice by the client node's MID, the invoice node previewing already; the editor test adds
 * Preview Only to the client node as a user does, and runs the chain.
 */
function chainToPreview() {
	const workflow = oneNode(
		'mlChainPreview',
		'Create or update client',
		{
			operation: 'createOrUpdate',
			clientExternalId: '={{ $json.client_id }}',
			organizationName: '={{ $json.organization }}',
		},
		[{ client_id: 'E2E-CHAIN', organization: 'Kaede Works K.K.', invoice_id: 'E2E-CHAIN-1' }],
	);
	const invoice = {
		...workflow.nodes[1],
		id: randomUUID(),
		name: 'Create or update invoice',
		position: [440, 0],
		parameters: {
			resource: 'document',
			operation: 'createOrUpdate',
			documentType: 'invoice',
			client: { __rl: true, mode: 'id', value: '={{ $json.mid }}' },
			externalId: "={{ $('Start').item.json.invoice_id }}",
			date: '2026-11-30',
			lineItems: { line: [{ description: 'Consulting', quantity: '1', unitPrice: '12000' }] },
			options: { previewOnly: true },
		},
	};
	return {
		...workflow,
		nodes: [...workflow.nodes, invoice],
		connections: {
			...workflow.connections,
			'Create or update client': {
				main: [[{ node: 'Create or update invoice', type: 'main', index: 0 }]],
			},
		},
	};
}

/** The client of the invoice whose line the editor test builds from a row's columns. */
const lineClient = (sandbox: Sandbox) =>
	sandbox.seedClient({
		client_external_id: 'E2E-LINE',
		contacts: [
			{ contact_type: 'organization', name: 'Hinoki Foods K.K.', addresses: [], email: null },
		],
	}).mid;

const oneNode = (
	id: string,
	name: string,
	parameters: Record<string, unknown>,
	// the trigger's output, pinned: the input the editor shows the MakeLeaps node
	rows?: Array<Record<string, unknown>>,
) => ({
	id,
	name: `MakeLeaps: ${name}`,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: randomUUID(),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: randomUUID(),
			name,
			type: 'n8n-nodes-makeleaps.makeLeaps',
			typeVersion: 2,
			position: [220, 0],
			parameters,
			credentials: { makeLeapsApi: CREDENTIAL },
		},
	],
	connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	pinData: rows ? { Start: rows.map((json) => ({ json })) } : {},
});

/** An unsent invoice of a client whose person has an e-mail address (Send's recipient). */
function invoiceToSend(sandbox: Sandbox) {
	const client = sandbox.seedClient({
		client_external_id: 'E2E-SEND',
		contacts: [
			{ contact_type: 'organization', name: 'Aozora Trading K.K.', addresses: [], email: null },
			{
				contact_type: 'person',
				family_name: 'Tanaka',
				addresses: [],
				email: { address: 'tanaka@aozora.example.jp' },
			},
		],
	});
	const json = sandbox.clients().find((c) => c.mid === client.mid)!;
	return sandbox.seedDocument({
		document_type: 'invoice',
		document_number: 'INV-SEND-1',
		client: json.url,
		client_contact: (json.contacts[1] as { url: string }).url,
		lineitems: [{ kind: 'simple', description: 'Consulting', price: '50000', tax_rate: '10' }],
		autocalculate: true,
	});
}
