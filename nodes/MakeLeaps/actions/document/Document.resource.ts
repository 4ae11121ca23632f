/** Document: the Operation picker, the Partner, and each document operation's fields. */
import type { INodeProperties } from 'n8n-workflow';

import { resourceProperties, type Operation, type Resource } from '../operation';
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
			description: 'Cancel a document, or undo its cancellation',
		},
		{
			name: 'Convert',
			value: 'convert',
			action: 'Convert a document',
			description:
				'Make an invoice (or another type) from a quote or an order, with its client and lines',
		},
		{
			name: 'Create',
			value: 'create',
			action: 'Create a document',
			description: 'Make an invoice, a quote or another document for a client',
		},
		{
			name: 'Create or Update',
			value: 'createOrUpdate',
			action: 'Create or update a document',
			description: 'Update the document with this external ID, or make it when there is none',
		},
		{
			name: 'Create Pickup Link',
			value: 'createPickupLink',
			action: 'Create a pickup link of a document',
			description:
				'Get a link to the document to share by your own channel, unless one for the same address is still valid',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a document',
			description: 'Delete a document',
		},
		{
			name: 'Download PDF',
			value: 'downloadPdf',
			action: 'Download the PDF of a document',
			description: 'Get the PDF of a document as a file',
		},
		{ name: 'Get', value: 'get', action: 'Get a document', description: 'Get a document' },
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many documents',
			description: 'List documents',
		},
		{
			name: 'Get Pickup Links',
			value: 'getPickupLinks',
			action: 'Get the pickup links of a document',
			description: 'List the links to a document, who each was for, and whether it was opened',
		},
		{
			name: 'Send',
			value: 'send',
			action: 'Send a document',
			description: 'Send a document to its client by e-mail, to their inbox or by post',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a document',
			description: 'Change a document, or mark it as sent or paid',
		},
	],
	default: 'create',
};

export const document: Resource = {
	description: resourceProperties('document', operationPicker, operations),
	operations,
};
