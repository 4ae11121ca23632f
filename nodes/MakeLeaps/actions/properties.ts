/** The editor fields of operations and resources: each operation's own, its Simplify and Options. */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../run/loop/operation';
import { optionsCollection, partnerLocator, previewOnly, simplifyField } from './common.fields';

/** The editor fields of an operation: its own, then its Options collection. */
export function propertiesOf(
	resource: string,
	name: string,
	operation: Operation,
): INodeProperties[] {
	const options = [...(operation.options ?? []), ...(operation.previewable ? [previewOnly] : [])];
	return [
		...operation.description,
		...(operation.simplifies ? [simplifyField(resource, name)] : []),
		optionsCollection(resource, name, options),
	];
}

/** A resource: its editor fields (operation picker, partner, every operation's fields) and operations. */
export interface Resource {
	description: INodeProperties[];
	operations: Record<string, Operation>;
}

/** A resource's editor fields: its operation picker, the Partner, then each operation's fields. */
export function resourceProperties(
	resource: string,
	operationPicker: INodeProperties,
	operations: Record<string, Operation>,
): INodeProperties[] {
	return [
		operationPicker,
		{ ...partnerLocator, displayOptions: { show: { resource: [resource] } } },
		...Object.entries(operations).flatMap(([name, operation]) =>
			propertiesOf(resource, name, operation),
		),
	];
}
