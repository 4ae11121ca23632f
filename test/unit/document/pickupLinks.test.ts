import type { IDataObject } from 'n8n-workflow';

import {
	hasExpired,
	pickupAddress,
	pickupEmail,
	servesEmail,
	simplePickupLink,
	wasClicked,
} from '../../../nodes/MakeLeaps/actions/document/pickupLinks/links';

const NOW = new Date('2026-11-30T20:00:00Z'); // 2026-12-01 05:00 in Tokyo

describe('a pickup link read from what MakeLeaps gives', () => {
	test.each<[IDataObject, string | null]>([
		[
			{ pickup_url: 'https://app.example/p/1', url: 'https://app.example/p/2' },
			'https://app.example/p/1',
		],
		[{ link: 'https://app.example/p/1' }, 'https://app.example/p/1'],
		[{ url: 'https://app.example/p/1' }, 'https://app.example/p/1'],
		// the API's own address of the record is not the link
		[{ url: 'https://api.example/api/partner/1/document/2/pickup-link/3/' }, null],
		[{ link: 'not an address', url: 'javascript:alert(1)' }, null],
		[{ link: { href: 'https://app.example/p/1' } }, null],
		[{}, null],
	])('the address of %p is %p', (link, address) => {
		expect(pickupAddress(link)).toBe(address);
	});

	test.each<[IDataObject, string]>([
		[{ email: ' sato@example.com ' }, 'sato@example.com'],
		[{ email: { address: 'ito@example.com' } }, 'ito@example.com'],
		[{ email: null }, ''],
		[{}, ''],
	])('whom %p was for: %p', (link, email) => {
		expect(pickupEmail(link)).toBe(email);
	});

	test.each<[IDataObject, boolean | null]>([
		[{ date_clicked: '2026-11-02T01:00:00Z' }, true],
		[{ date_clicked: null }, false],
		[{ date_clicked: '' }, false],
		// a service without the field: unknown, not "no"
		[{}, null],
	])('%p was opened: %p', (link, clicked) => {
		expect(wasClicked(link)).toBe(clicked);
	});
});

describe('whether a pickup link has expired', () => {
	test.each<[string | number | null, string, boolean | null]>([
		['2026-11-30T19:59:59Z', 'Asia/Tokyo', true],
		['2026-11-30T20:00:01Z', 'Asia/Tokyo', false],
		['2026-12-01T05:00:01+09:00', 'UTC', false],
		['2026-11-30T20:00:00.123456Z', 'UTC', false],
		// a date alone lasts to the end of that day in the workflow's time zone
		['2026-11-30', 'Asia/Tokyo', true],
		['2026-11-30', 'America/New_York', false],
		['2026-12-01', 'Asia/Tokyo', false],
		// a time without a zone: by its date as written
		['2026-11-30T23:00:00', 'Asia/Tokyo', true],
		['2026-12-01 00:00:00', 'Asia/Tokyo', false],
		[null, 'Asia/Tokyo', false],
		['', 'Asia/Tokyo', false],
		['next week', 'Asia/Tokyo', null],
		[20261130, 'Asia/Tokyo', null],
	])('%p in %p: %p', (expiration, timeZone, expired) => {
		expect(hasExpired({ expiration_date: expiration }, timeZone, NOW)).toBe(expired);
	});

	test('a service that gives no expiration: unknown', () => {
		expect(hasExpired({}, 'Asia/Tokyo', NOW)).toBeNull();
	});

	test('a link stands for a new one for the same address, whatever its case, until it expires', () => {
		const link = { email: 'Sato@Example.com', expiration_date: '2026-12-01' };
		expect(servesEmail(link, 'sato@example.com', 'Asia/Tokyo', NOW)).toBe(true);
		expect(servesEmail(link, '', 'Asia/Tokyo', NOW)).toBe(false);
		expect(
			servesEmail(
				{ ...link, expiration_date: '2026-11-30' },
				'sato@example.com',
				'Asia/Tokyo',
				NOW,
			),
		).toBe(false);
		// unknown expiry: not known to have expired
		expect(servesEmail({ email: '' }, '', 'Asia/Tokyo', NOW)).toBe(true);
	});
});

describe('a pickup link as a flat row', () => {
	test('its document, the link, whom it was for, opened, expiry; what Create did as text', () => {
		const row = simplePickupLink(
			{
				mid: '9',
				url: 'https://app.example/p/1',
				email: 'sato@example.com',
				date_clicked: null,
				expiration_date: '2099-01-01T00:00:00Z',
				operation: 'created',
				changes: { email: { from: null, to: 'sato@example.com' } },
			},
			{ document: { mid: '5', document_number: 'INV-1' }, timeZone: 'Asia/Tokyo' },
		);
		expect(row).toEqual({
			mid: '5',
			document_number: 'INV-1',
			link: 'https://app.example/p/1',
			email: 'sato@example.com',
			clicked: false,
			date_clicked: null,
			expiration_date: '2099-01-01T00:00:00Z',
			expired: false,
			operation: 'created',
			changes: 'email: (empty) → sato@example.com',
		});
	});

	test('every value is a cell, whatever MakeLeaps gave', () => {
		const row = simplePickupLink({ date_clicked: { at: 1 }, expiration_date: [1], email: 3 });
		for (const value of Object.values(row))
			expect(value === null || ['string', 'number', 'boolean'].includes(typeof value)).toBe(true);
	});
});
