import type { IDataObject } from 'n8n-workflow';

import {
	clientBody,
	contactChanges,
	contactEdits,
	createdFields,
	hasNamesOf,
} from '../../../nodes/MakeLeaps/model/clientBody';

const defaults = { 'address.format': 'jp_default', 'address.country_name': 'JP' };

describe('clientBody', () => {
	test('the interface body: external ID, an organization and a person contact', () => {
		expect(
			clientBody({
				...defaults,
				client_external_id: 'CLIENT-12345',
				'organization.name': 'Example Co',
				'person.family_name': 'Sato',
				'person.email': 'sato@example.com',
			}),
		).toEqual({
			client_external_id: 'CLIENT-12345',
			contacts: [
				{ contact_type: 'organization', name: 'Example Co', addresses: [], email: null },
				{
					contact_type: 'person',
					family_name: 'Sato',
					addresses: [],
					email: { address: 'sato@example.com' },
				},
			],
		});
	});

	test('the address goes on the organization, or on the person when there is none; missing parts are empty', () => {
		const address = {
			...defaults,
			'address.postal_code': '105-0011',
			'address.street_address': '1-2-3 Shibakoen',
		};
		const full = {
			format: 'jp_default',
			country_name: 'JP',
			postal_code: '105-0011',
			region: '',
			locality: '',
			street_address: '1-2-3 Shibakoen',
			extended_address: '',
		};
		const both = clientBody({
			...address,
			'organization.name': 'Co',
			'person.family_name': 'Sato',
		});
		expect((both.contacts as IDataObject[]).map((c) => c.addresses)).toEqual([[full], []]);
		const personOnly = clientBody({ ...address, 'person.family_name': 'Sato' });
		expect((personOnly.contacts as IDataObject[])[0].addresses).toEqual([full]);
	});

	test('format and country alone are no address', () => {
		const body = clientBody({
			'address.format': 'default',
			'address.country_name': 'US',
			'organization.name': 'Co',
		});
		expect((body.contacts as IDataObject[])[0].addresses).toEqual([]);
	});

	test('person details go on the person contact only', () => {
		const body = clientBody({
			'organization.name': 'Co',
			'organization.phone_number': '03',
			'person.family_name': 'Sato',
			'person.title': 'CFO',
		});
		expect(body.contacts).toEqual([
			{ contact_type: 'organization', name: 'Co', phone_number: '03', addresses: [], email: null },
			{ contact_type: 'person', family_name: 'Sato', title: 'CFO', addresses: [], email: null },
		]);
	});

	test('no external ID, no key', () => {
		expect(clientBody({ 'organization.name': 'Co' })).not.toHaveProperty('client_external_id');
	});
});

describe('contactChanges', () => {
	const existing = {
		mid: '1',
		contact_type: 'person',
		family_name: 'Sato',
		given_name: 'Taro',
		title: '',
		email: { address: 'old@example.com' },
		addresses: [
			{
				format: 'jp_default',
				country_name: 'JP',
				postal_code: '105-0011',
				region: '',
				locality: '',
				street_address: 'A',
				extended_address: '',
			},
		],
	};

	test('an unchanged contact needs no change', () => {
		expect(
			contactChanges(
				{ contact_type: 'person', family_name: 'Sato', addresses: [], email: null },
				existing,
			),
		).toEqual({ patch: {}, changes: {} });
	});

	test('only the fields that differ; empty inputs clear nothing', () => {
		const wanted = {
			contact_type: 'person',
			family_name: 'Sato',
			title: 'CFO',
			addresses: [],
			email: { address: 'new@example.com' },
		};
		expect(contactChanges(wanted, existing)).toEqual({
			patch: { title: 'CFO', email: { address: 'new@example.com' } },
			changes: {
				'person.title': { from: '', to: 'CFO' },
				'person.email': { from: 'old@example.com', to: 'new@example.com' },
			},
		});
	});

	test('a different address replaces the address; the changes name the parts that differ', () => {
		const address = { ...existing.addresses[0], street_address: 'B', locality: 'Minato-ku' };
		expect(
			contactChanges({ contact_type: 'person', addresses: [address], email: null }, existing),
		).toEqual({
			patch: { addresses: [address] },
			changes: {
				'person.address.street_address': { from: 'A', to: 'B' },
				'person.address.locality': { from: '', to: 'Minato-ku' },
			},
		});
		expect(
			contactChanges(
				{ contact_type: 'person', addresses: [existing.addresses[0]], email: null },
				existing,
			),
		).toEqual({ patch: {}, changes: {} });
	});
});

describe('createdFields', () => {
	test('every field a create sets, from empty, by the paths an update names', () => {
		const body = clientBody({
			client_external_id: 'C-1',
			'organization.name': 'Co',
			'person.family_name': 'Sato',
			'person.email': 'sato@example.com',
			'address.locality': 'Minato-ku',
		});
		expect(createdFields(body)).toEqual({
			client_external_id: { from: '', to: 'C-1' },
			'organization.name': { from: '', to: 'Co' },
			'organization.address.locality': { from: '', to: 'Minato-ku' },
			'person.family_name': { from: '', to: 'Sato' },
			'person.email': { from: '', to: 'sato@example.com' },
		});
	});
});

describe('hasNamesOf', () => {
	const body = clientBody({ 'organization.name': 'Co', 'person.family_name': 'Sato' });

	test('a client with the same contact names matches; other names or contacts as URLs do not', () => {
		const contacts = [
			{ contact_type: 'organization', name: 'Co' },
			{ contact_type: 'person', family_name: 'Sato', name: '' },
		];
		expect(hasNamesOf(body, { contacts })).toBe(true);
		expect(
			hasNamesOf(body, { contacts: [contacts[0], { contact_type: 'person', family_name: 'Ito' }] }),
		).toBe(false);
		expect(
			hasNamesOf(body, { contacts: ['https://api/contact/1/', 'https://api/contact/2/'] }),
		).toBe(false);
		expect(hasNamesOf(body, {})).toBe(false);
	});
});

describe('contactEdits: an update of some fields', () => {
	const organization = {
		contact_type: 'organization',
		name: 'Co',
		addresses: [
			{ url: 'x', format: 'jp_default', country_name: 'JP', locality: 'Chiyoda', region: 'Tokyo' },
		],
	};
	const person = { contact_type: 'person', family_name: 'Sato', addresses: [] };

	test('only the types and fields set; the address merged into the one the organization has', () => {
		expect(
			contactEdits({ 'person.email': 'a@example.com', 'address.locality': 'Minato' }, [
				organization,
				person,
			]),
		).toEqual([
			{
				contact_type: 'organization',
				addresses: [
					{
						postal_code: '',
						region: 'Tokyo',
						locality: 'Minato',
						street_address: '',
						extended_address: '',
						format: 'jp_default',
						country_name: 'JP',
					},
				],
			},
			{ contact_type: 'person', email: { address: 'a@example.com' }, addresses: [] },
		]);
	});

	test('a client that is only a person keeps its address on the person', () => {
		const [edit] = contactEdits({ 'address.region': 'Osaka' }, [person]);
		expect(edit).toMatchObject({ contact_type: 'person', addresses: [{ region: 'Osaka' }] });
	});

	test("a change of a contact's names alone is an edit of that contact, with no address", () => {
		expect(contactEdits({ 'person.family_name': 'Kato' }, [organization, person])).toEqual([
			{ contact_type: 'person', family_name: 'Kato', addresses: [] },
		]);
		expect(contactEdits({ 'organization.name': 'New Co' }, [organization, person])).toEqual([
			{ contact_type: 'organization', name: 'New Co', addresses: [] },
		]);
	});

	test('a part that locates, given with a setting, makes an address for a contact without one', () => {
		const bare = { contact_type: 'organization', name: 'Co', addresses: [] };
		const values = { 'address.locality': 'Minato', 'address.country_name': 'JP' };
		const [edit] = contactEdits(values, [bare]);
		expect(edit).toMatchObject({ addresses: [{ locality: 'Minato', country_name: 'JP' }] });
	});

	test("the address is merged into the organization's own, whatever the order of the contacts", () => {
		const housed = { ...person, addresses: [{ url: 'y', locality: 'Kita', region: 'Osaka' }] };
		const [edit] = contactEdits({ 'address.locality': 'Minato' }, [housed, organization]);
		expect(edit).toMatchObject({
			contact_type: 'organization',
			addresses: [{ locality: 'Minato', region: 'Tokyo', format: 'jp_default' }],
		});
	});

	test('an address for a contact listed without any (no addresses field) is made from the parts given', () => {
		const listed = { contact_type: 'organization', name: 'Co' };
		const [edit] = contactEdits({ 'address.locality': 'Minato' }, [listed]);
		expect(edit).toMatchObject({
			contact_type: 'organization',
			addresses: [{ locality: 'Minato' }],
		});
	});
});
