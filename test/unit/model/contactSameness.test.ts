import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	contactIdentity,
	hasNamesOf,
	sameContact,
} from '../../../nodes/MakeLeaps/model/clientBody';

const person = (fields: IDataObject): IDataObject => ({ contact_type: 'person', ...fields });
const ito = person({
	family_name: 'Ito',
	given_name: 'Ken',
	email: { address: 'ito@example.com' },
});

describe('sameContact: when two contacts are the same person or organization', () => {
	test('names decide, trimmed; other fields may differ', () => {
		expect(sameContact(ito, { ...ito, title: 'Manager', phone_number: '03-1234-5678' })).toBe(true);
		expect(sameContact(ito, { ...ito, family_name: ' Ito ', given_name: 'Ken\t' })).toBe(true);
		expect(sameContact(ito, { ...ito, given_name: 'Kenji' })).toBe(false);
		expect(sameContact(ito, { ...ito, given_name: '' })).toBe(false);
		expect(sameContact(ito, { ...ito, family_name: 'ito' })).toBe(false);
	});

	test('the e-mail decides only where both have one, in any capitals', () => {
		expect(sameContact(ito, { ...ito, email: { address: ' ITO@Example.com ' } })).toBe(true);
		expect(sameContact(ito, { ...ito, email: 'Ito@example.com' })).toBe(true);
		expect(sameContact(ito, { ...ito, email: { address: 'ken@example.com' } })).toBe(false);
		for (const none of [null, undefined, { address: '' }, { address: null }, ''])
			expect(sameContact(ito, { ...ito, email: none })).toBe(true);
	});

	test('the contact type decides: a person is never an organization; an organization by its name', () => {
		const co = { contact_type: 'organization', name: 'Example Co', email: null };
		expect(sameContact(co, { ...co, name: 'Example Co ', given_name: 'x' })).toBe(true);
		expect(sameContact(co, { ...co, name: 'Example Co.' })).toBe(false);
		expect(sameContact(co, { ...co, contact_type: 'person' })).toBe(false);
		expect(sameContact(person({ family_name: 'Ito' }), { family_name: 'Ito' })).toBe(false);
	});

	test('properties: symmetric, and the same contacts share one identity', () => {
		const name = fc.constantFrom('Ito', ' Ito', 'Ken ', 'Ken', '', 'Sato');
		const email = fc.oneof(
			fc.constantFrom(null, undefined, ''),
			fc.constantFrom('ito@example.com', 'ken@example.com').chain((address) =>
				fc
					.array(fc.boolean(), { minLength: address.length, maxLength: address.length })
					.map((upper) => ({
						address: [...address].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''),
					})),
			),
		);
		const contact = fc.record({
			contact_type: fc.constantFrom('person', 'organization'),
			family_name: name,
			given_name: name,
			name,
			email,
			title: fc.constantFrom('', 'Manager'),
		}) as fc.Arbitrary<IDataObject>;
		fc.assert(
			fc.property(contact, contact, (a, b) => {
				expect(sameContact(a, b)).toBe(sameContact(b, a));
				expect(sameContact(a, a)).toBe(true);
				if (sameContact(a, b)) expect(contactIdentity(a)).toBe(contactIdentity(b));
			}),
			{ numRuns: 500 },
		);
	});
});

describe('hasNamesOf: a client found after a lost create holds what was sent', () => {
	test('by the same rule: names trimmed, the e-mail in any capitals', () => {
		const body = {
			contacts: [{ contact_type: 'organization', name: 'Co', email: null }, ito],
		};
		const held = [
			{ contact_type: 'organization', name: 'Co ' },
			{ ...ito, email: { address: 'ITO@example.com' } },
		];
		expect(hasNamesOf(body, { contacts: held })).toBe(true);
		const other = { ...ito, email: { address: 'ken@example.com' } };
		expect(hasNamesOf(body, { contacts: [held[0], other] })).toBe(false);
	});
});
