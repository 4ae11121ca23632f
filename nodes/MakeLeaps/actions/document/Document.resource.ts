/** Document: the Operation picker, the Partner, and each document operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../run/loop/operation';
import { resourceProperties, type Resource } from '../properties';
import * as cancel from './cancel.operation';
import * as convert from './convert.operation';
import * as create from './create.operation';
import * as createOrUpdate from './createOrUpdate.operation';
import * as del from './delete.operation';
import * as downloadPdf from './downloadPdf.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as createPickupLink from './pickupLinks/createPickupLink.operation';
import * as getPickupLinks from './pickupLinks/getPickupLinks.operation';
import * as send from './send/send.operation';
import * as update from './update.operation';

const operations: Record<string, Operation> = {
	cancel,
	convert,
	create,
	createOrUpdate,
	createPickupLink,
	delete: del,
	downloadPdf,
	get,
	getAll,
	getPickupLinks,
	send,
	update,
};

const operationPicker: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['document'] } },
	options: [
		{
			name: 'Cancel',
			value: 'cancel',
			action: 'Cancel a document',
			description:
				'Cancel a document (by ID or URL), or undo its cancellation; a document already in that state is left as it is. Preview Only writes nothing.',
		},
		{
			name: 'Convert',
			value: 'convert',
			action: 'Convert a document',
			description:
				'Make an invoice (or another type) from a quote or an order (by ID or URL), with its client and lines, and return it. Made once: a repeated call finds the one already made. Preview Only writes nothing.',
		},
		{
			name: 'Create',
			value: 'create',
			action: 'Create a document',
			description:
				'Make an invoice, a quote or another document for a client, with its lines, and return it (MakeLeaps computes the totals). Each call makes one more document: to make it only once, use Create or Update with an External ID.',
		},
		{
			name: 'Create or Update',
			value: 'createOrUpdate',
			action: 'Create or update a document',
			description:
				'Find the document of this type by your External ID: make it when there is none, else change what differs (a document already sent or paid is not changed). Returns the document and what was done (created, updated or unchanged). Repeating a call never makes a second document; Preview Only writes nothing.',
		},
		{
			name: 'Create Pickup Link',
			value: 'createPickupLink',
			action: 'Create a pickup link of a document',
			description:
				'Get a link to a document (by ID or URL) to share by your own channel, for an e-mail address; a link for that address still valid is returned instead of a new one. Preview Only writes nothing.',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a document',
			description: 'Delete a document (by ID or URL). Preview Only writes nothing.',
		},
		{
			name: 'Download PDF',
			value: 'downloadPdf',
			action: 'Download the PDF of a document',
			description: 'Get the PDF of a document (by ID or URL) as a file (binary data). Reads only.',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a document',
			description:
				'Get one document (by ID or URL): its number, client, dates, totals and whether it was sent or paid. Reads only.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many documents',
			description:
				'List documents, optionally filtered by type, dates, sent, paid, tags or a search text. Reads only.',
		},
		{
			name: 'Get Pickup Links',
			value: 'getPickupLinks',
			action: 'Get the pickup links of a document',
			description:
				'List the links to a document (by ID or URL), who each was for, and whether it was opened. Reads only.',
		},
		{
			name: 'Send',
			value: 'send',
			action: 'Send a document',
			description:
				'Send a document (by ID or URL) to its client by e-mail, to their MakeLeaps inbox or by post, and return the send. Never sends twice: a document already sent is skipped (unless Send Even If Already Sent), and a send whose answer was lost is not repeated.',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a document',
			description:
				'Change the given fields or the lines of a document (by ID or URL), or mark it as sent or paid; empty fields stay as they are',
		},
	],
	default: 'create',
};

export const document: Resource = {
	description: resourceProperties('document', operationPicker, operations),
	operations,
};
