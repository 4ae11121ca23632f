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

/** The names a picker shows for its values. */
const namesOf = (property: INodeProperties | undefined): Record<string, string> =>
	Object.fromEntries(
		((property?.options ?? []) as Array<{ name: string; value: unknown }>).map((option) => [
			String(option.value),
			option.name,
		]),
	);

/**
 * The node's subtitle on the canvas, as the editor shows the pickers: "Create or Update: Client",
 * not the values "createOrUpdate: client". n8n evaluates it as an expression over the node's
 * parameters; the names are looked up in the pickers' own options.
 */
export function subtitleOf(properties: INodeProperties[]): string {
	const resources = namesOf(properties.find((property) => property.name === 'resource'));
	const operations: Record<string, string> = {};
	for (const picker of properties.filter((property) => property.name === 'operation')) {
		for (const resource of (picker.displayOptions?.show?.resource ?? []) as string[])
			for (const [value, name] of Object.entries(namesOf(picker)))
				operations[`${resource} ${value}`] = name;
	}
	const resource = '$parameter["resource"]';
	const operation = '$parameter["operation"]';
	// a value no picker names (an expression, a withdrawn one) shows as it is
	return `={{ (${JSON.stringify(operations)}[${resource} + " " + ${operation}] || ${operation}) + ": " + (${JSON.stringify(resources)}[${resource}] || ${resource}) }}`;
}
