import { checkDate, today } from '../../../nodes/MakeLeaps/model/dates';

describe('checkDate', () => {
	test.each<[unknown, string]>([
		['2026-11-30', '2026-11-30'],
		['2026/11/30', '2026-11-30'],
		['2026-1-5', '2026-01-05'],
		['2026-11-30T15:00:00+09:00', '2026-11-30'],
		['2026-11-30 09:00', '2026-11-30'],
		[new Date('2026-11-30T10:00:00Z'), '2026-11-30'],
		[{ toISODate: () => '2026-12-01' }, '2026-12-01'],
		['', ''],
		[undefined, ''],
	])('%p is %p', (value, day) => {
		expect(checkDate(value, 'Date')).toBe(day);
	});

	test.each<[unknown, string]>([
		['2026-02-30', 'Date "2026-02-30" is not a day of the calendar'],
		['30/11/2026', 'Date "30/11/2026" is not a date such as 2026-11-30'],
		['tomorrow', 'Date "tomorrow" is not a date such as 2026-11-30'],
		[20261130, 'Date must be a date such as 2026-11-30, not number'],
	])('%p is refused', (value, message) => {
		expect(() => checkDate(value, 'Date')).toThrow(message);
	});

	test('today is the calendar day of the time zone', () => {
		const now = new Date('2026-11-30T20:00:00Z');
		expect(today('Asia/Tokyo', now)).toBe('2026-12-01');
		expect(today('America/New_York', now)).toBe('2026-11-30');
		expect(today('Not/AZone', now)).toBe('2026-11-30');
	});
});
