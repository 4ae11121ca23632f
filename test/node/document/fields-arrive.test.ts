/**
 * Every field of the document field table (model/documentFields.ts) arrives where the table says,
 * walked from the table itself, so a new entry is tested here without a line more: Create and
 * Create or Update send it, Update sends those it shows, Convert keeps those marked kept, and
 * Simplify's row gives each column. The sandbox refuses any field it does not know
 * (`refuseUnknownFields`): nothing the node sends is dropped unseen.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MakeLeaps } from '../../../nodes/MakeLeaps/MakeLeaps.node';
import { checkDate } from '../../../nodes/MakeLeaps/model/dates';
import {
	documentFields,
	fieldsOn,
	type DocumentFieldSpec,
} from '../../../nodes/MakeLeaps/model/documentFields';
import { STRICT, useTestBed, type TestBed } from '../support/bed';
import { byId, seedClient } from '../support/fixtures';

const v2 = { typeVersion: 2 };

/**
 * A value of a field as a user gives it: its placeholder's example, a tag of the account for the
 * tags; `other` a second one, for a change.
 */
function sample(spec: DocumentFieldSpec, other = false): string | string[] {
	if (spec.type === 'multiOptions') return [other ? 'Print' : 'Web'];
	if (spec.parse === checkDate) return other ? '2027-03-31' : '2027-01-31';
	if (spec.api === 'currency') return other ? 'USD' : 'JPY';
	const example = spec.placeholder?.replace(/^e\.g\. /, '') ?? `Sample ${spec.displayName}`;
	return other ? `${example} (changed)` : example;
}

/** What MakeLeaps stores of a field, as a user gave it: tags by their names. */
function storedValue(bed: TestBed, document: IDataObject, spec: DocumentFieldSpec) {
	const value = document[spec.api];
	if (!Array.isArray(value)) return value;
	const tags = bed.sandbox.seedTags();
	return value.map((url) => tags.find((tag) => tag.url === url)?.name);
}

/** The names of the fields the editor shows of its own (not in a collection) for an operation. */
const ownFields = (operation: string) =>
	new MakeLeaps().description.properties
		.filter((property) => property.displayOptions?.show?.operation?.includes(operation))
		.filter((property) => property.displayOptions?.show?.resource?.includes('document'))
		.map((property) => property.name);

/**
 * The parameters of `operation` giving every field of `specs` its sample, where the editor
 * shows the field: of its own, or in the operation's collection.
 */
function parametersOf(operation: string, specs: DocumentFieldSpec[], other = false) {
	const collection = operation === 'update' ? 'updateFields' : 'additionalFields';
	const own = ownFields(operation);
	const parameters: IDataObject = { [collection]: {} };
	for (const spec of specs) {
		const target = own.includes(spec.name) ? parameters : (parameters[collection] as IDataObject);
		target[spec.name] = sample(spec, other);
	}
	return parameters as INodeParameters;
}

/** Document → Create (or Create or Update) of a quote giving every field its operation shows. */
const quoteWithEveryField = (client: string, operation: 'create' | 'createOrUpdate') => ({
	resource: 'document',
	operation,
	documentType: 'quote',
	client: byId(client),
	lineItems: { line: [{ description: 'Website', unitPrice: '300000' }] },
	...parametersOf(operation, fieldsOn(operation).fields),
});

describe('Every field of the document table arrives', () => {
	const bed = useTestBed(STRICT);

	test.each(['create', 'createOrUpdate'] as const)(
		'%s sends each field; MakeLeaps stores it; the row gives each column',
		async (operation) => {
			bed.sandbox.seedTags('Web', 'Print');
			const client = seedClient(bed, 'C-1');
			const specs = fieldsOn(operation).fields;
			const result = await bed.run(quoteWithEveryField(client, operation), [{}], v2);
			expect(result.error).toBeUndefined();
			const [document] = bed.sandbox.documentsOf();
			for (const spec of specs)
				expect([spec.api, storedValue(bed, document, spec)]).toEqual([spec.api, sample(spec)]);
			const row = result.output[0].json;
			for (const spec of documentFields.fields.filter((field) => field.columnAfter))
				expect([spec.api, row[spec.api]]).toEqual([spec.api, [sample(spec)].flat().join(', ')]);
		},
	);

	test('Update sends each field it shows, and changes it', async () => {
		bed.sandbox.seedTags('Web', 'Print');
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(quoteWithEveryField(client, 'create'));
		const specs = fieldsOn('update').fields;
		expect(specs.length).toBeGreaterThan(5);
		const result = await bed.run({
			resource: 'document',
			operation: 'update',
			document: byId(String(made.output[0].json.mid)),
			...parametersOf('update', specs, true),
		});
		expect(result.error).toBeUndefined();
		const [document] = bed.sandbox.documentsOf();
		for (const spec of specs)
			expect([spec.api, storedValue(bed, document, spec)]).toEqual([spec.api, sample(spec, true)]);
	});

	test("Convert keeps each field marked kept; a quote's own field stays with the quote", async () => {
		bed.sandbox.seedTags('Web', 'Print');
		const client = seedClient(bed, 'C-1');
		const made = await bed.run(quoteWithEveryField(client, 'create'));
		const result = await bed.run({
			resource: 'document',
			operation: 'convert',
			document: byId(String(made.output[0].json.mid)),
			documentType: 'invoice',
		});
		expect(result.error).toBeUndefined();
		const invoice = bed.sandbox.documentsOf().find((d) => d.document_type === 'invoice')!;
		const kept = documentFields.fields.filter((spec) => spec.kept);
		expect(kept.length).toBeGreaterThan(3);
		for (const spec of kept)
			expect([spec.api, storedValue(bed, invoice, spec)]).toEqual([spec.api, sample(spec)]);
		// a quote's own field stays with the quote
		expect(invoice.date_valid).toBeNull();
	});
});
