/**
 * A user's day in one workflow (Manual Trigger, MakeLeaps nodes of the current version, Simplify
 * on): an invoice made or updated by its External ID, one line from the line item catalog By Code
 * and tags by name (one of them new, made with Create Missing Tags); its PDF downloaded; the
 * invoice sent with a terms PDF (made in the workflow by Convert to File) attached; a pickup link
 * made for the client, and the document's links read; then, from the invoice, the tags, the
 * catalog and the invoices of the new tag listed.
 */
import { randomUUID } from 'node:crypto';

import { CREDENTIAL } from '../../dev/n8n';
import type { Sandbox } from '../../sandbox/server';
import { DEMO_ITEMS } from '../../sandbox/stores/items';

export const DAY = {
	workflowId: 'mlDayWorkflow',
	externalId: 'DAY-INV-1',
	number: 'INV-DAY-1',
	email: 'tanaka@aozora.example.jp',
	/** The tags the invoice names: a seeded one (in another case) and a new one. */
	tags: 'web, Project Sakura',
	/** The terms sent with the invoice: the smallest file the node takes as a PDF. */
	terms: Buffer.from('%PDF-1.4\n% Terms of business\n%%EOF\n', 'latin1'),
};

/** The account before the day: a client with a person's e-mail, the tag Web, two catalog items. */
export function seedDay(sandbox: Sandbox) {
	const client = sandbox.seedClient({
		client_external_id: 'DAY-CLIENT',
		contacts: [
			{ contact_type: 'organization', name: 'Aozora Trading K.K.', addresses: [], email: null },
			{
				contact_type: 'person',
				family_name: 'Tanaka',
				addresses: [],
				email: { address: DAY.email },
			},
		],
	});
	const [web] = sandbox.seedTags('Web');
	// two of the sandbox's example products
	const [design, coffee] = ['DESIGN-H', 'COFFEE-1KG'].map((code) =>
		sandbox.seedItem(DEMO_ITEMS.find((item) => item.code === code)!),
	);
	return { clientMid: String(client.mid), web, design, coffee };
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const makeLeaps = (name: string, parameters: Record<string, unknown>, position?: number[]) => ({
	name,
	type: 'n8n-nodes-makeleaps.makeLeaps',
	typeVersion: 2,
	...(position ? { position } : {}),
	parameters,
	credentials: { makeLeapsApi: CREDENTIAL },
});

/** The day's invoice: a line from the catalog, a typed line, a new tag made by the option. */
const dayInvoice = (clientMid: string) =>
	makeLeaps('Create or update invoice', {
		resource: 'document',
		operation: 'createOrUpdate',
		documentType: 'invoice',
		client: byId(clientMid),
		externalId: DAY.externalId,
		documentNumber: DAY.number,
		date: '2026-11-30',
		lineItems: {
			line: [
				// the catalog's description, price, unit and tax rate; 3 hours, not 1
				{
					kind: 'catalog',
					catalogItem: { __rl: true, mode: 'code', value: 'DESIGN-H' },
					quantity: '3',
				},
				{ description: 'Delivery', quantity: '1', unitPrice: '500', taxRate: '10' },
			],
		},
		// typed as an expression (Project Sakura is not in the list yet), made by the option
		additionalFields: { title: 'Design for November', tags: `=${DAY.tags}` },
		options: { createMissingTags: true },
	});

/** The day's chain: the invoice, its PDF, terms attached, sent, a pickup link and its list. */
const dayChain = (clientMid: string) => [
	dayInvoice(clientMid),
	makeLeaps('Download PDF', {
		resource: 'document',
		operation: 'downloadPdf',
		document: byId('={{ $json.mid }}'),
		binaryPropertyName: 'data',
	}),
	{
		name: 'Terms (text)',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{ id: 'terms', name: 'terms', type: 'string', value: DAY.terms.toString('base64') },
				],
			},
			options: {},
		},
	},
	{
		name: 'Terms PDF',
		type: 'n8n-nodes-base.convertToFile',
		typeVersion: 1.1,
		parameters: {
			operation: 'toBinary',
			sourceProperty: 'terms',
			binaryPropertyName: 'terms',
			options: { fileName: 'terms.pdf', mimeType: 'application/pdf' },
		},
	},
	makeLeaps('Send invoice', {
		resource: 'document',
		operation: 'send',
		document: byId("={{ $('Create or update invoice').item.json.mid }}"),
		channels: ['securesend'],
		subject: `Your invoice ${DAY.number}`,
		message: 'Please find our invoice and our terms attached.',
		options: { attachments: 'terms' },
	}),
	makeLeaps('Create pickup link', {
		resource: 'document',
		operation: 'createPickupLink',
		document: byId('={{ $json.mid }}'),
		email: DAY.email,
	}),
	makeLeaps('Pickup links', {
		resource: 'document',
		operation: 'getPickupLinks',
		document: byId('={{ $json.mid }}'),
	}),
];

export function dayWorkflow(clientMid: string) {
	const chain = dayChain(clientMid);
	// read after the invoice (below its chain on the canvas, so run after it)
	const lists = [
		makeLeaps('Tags', { resource: 'tag', operation: 'getAll', returnAll: true }, [440, 200]),
		makeLeaps('Catalog', { resource: 'item', operation: 'getAll', returnAll: true }, [440, 400]),
		makeLeaps(
			'Invoices of Project Sakura',
			{
				resource: 'document',
				operation: 'getAll',
				returnAll: true,
				filters: { documentType: 'invoice', tags: 'project sakura' },
			},
			[440, 600],
		),
	];
	const start = {
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const link = (node: string) => ({ node, type: 'main', index: 0 });
	const connections: Record<string, unknown> = { Start: { main: [[link(chain[0].name)]] } };
	chain.slice(1).forEach((node, k) => {
		connections[chain[k].name] = { main: [[link(node.name)]] };
	});
	connections[chain[0].name] = {
		main: [[link(chain[1].name), ...lists.map((node) => link(node.name))]],
	};
	return {
		id: DAY.workflowId,
		name: "MakeLeaps: a user's day",
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [start, ...chain, ...lists].map((node, k) => ({
			id: randomUUID(),
			position: [220 * k, 0],
			...node,
		})),
		connections,
		pinData: {},
	};
}
