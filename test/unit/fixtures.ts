import type { INode } from 'n8n-workflow';

/** A MakeLeaps node as n8n errors name it. */
export const node: INode = {
	id: '1',
	name: 'MakeLeaps',
	type: 'n8n-nodes-makeleaps.makeLeaps',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
