import {
	defaultTemplateOf,
	refusedField,
} from '../../../../nodes/MakeLeaps/run/document/defaultTemplate';

describe('the default template of a document type', () => {
	test('the one marked default, else the first listed', () => {
		const list = [{ code: 'ja_JP_2' }, { code: 'en_US_2', is_default: true }];
		expect(defaultTemplateOf(list)).toBe('en_US_2');
		expect(defaultTemplateOf([{ code: 'ja_JP_2' }, { code: 'en_US_2' }])).toBe('ja_JP_2');
		// two marked: the mark tells nothing, the list's order decides
		expect(defaultTemplateOf(list.map((t) => ({ ...t, default: true })))).toBe('ja_JP_2');
	});

	test('none without a usable code', () => {
		expect(defaultTemplateOf([])).toBeUndefined();
		expect(defaultTemplateOf([{ name: 'Invoice' }, { code: '' }])).toBeUndefined();
	});
});

describe('a refusal naming a field', () => {
	const refusal = (body: unknown) => ({ httpCode: '400', errorResponse: { body } });

	test('a 400 whose field errors name it, in the envelope or bare', () => {
		const errors = { document_template: ['This field is required.'] };
		expect(refusedField(refusal({ meta: {}, response: errors }), 'document_template')).toBe(true);
		expect(refusedField(refusal(errors), 'document_template')).toBe(true);
	});

	test('not another field, another status or another error', () => {
		const errors = { currency: ['"XXX" is not a valid choice.'] };
		expect(refusedField(refusal({ response: errors }), 'document_template')).toBe(false);
		const server = { httpCode: '500', errorResponse: { body: { document_template: ['x'] } } };
		expect(refusedField(server, 'document_template')).toBe(false);
		expect(refusedField(new Error('document_template'), 'document_template')).toBe(false);
		expect(refusedField(undefined, 'document_template')).toBe(false);
	});
});
