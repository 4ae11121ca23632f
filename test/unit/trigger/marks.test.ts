import {
	isNewMark,
	markFieldsText,
	markOf,
	rememberedMark,
} from '../../../nodes/MakeLeaps/trigger/marks';

const DAY = Date.parse('2026-11-20T10:00:00Z');

describe('markOf', () => {
	test('accepted as recorded: is_accepted beside date_accepted, the date winning; accepted read only without is_accepted', () => {
		expect(markOf('documentAccepted', { is_accepted: false, date_accepted: null }).mark).toBeNull();
		expect(
			markOf('documentAccepted', { is_accepted: true, date_accepted: '2026-11-20T10:00:00Z' }),
		).toEqual({ mark: DAY });
		expect(markOf('documentAccepted', { is_accepted: true, date_accepted: null })).toEqual({
			mark: true,
		});
		// the recorded yes/no first: the old name is a fallback, never a second opinion
		expect(markOf('documentAccepted', { is_accepted: false, accepted: true }).mark).toBeNull();
		expect(
			markOf('documentAccepted', { is_accepted: false, accepted: 'yes' }).problem,
		).toBeUndefined();
	});

	test('confirmed as recorded: is_confirmed beside date_confirmed', () => {
		expect(
			markOf('documentConfirmed', { is_confirmed: false, date_confirmed: null }).mark,
		).toBeNull();
		expect(markOf('documentConfirmed', { date_confirmed: '2026-11-20T10:00:00Z' }).mark).toBe(DAY);
		expect(markOf('documentConfirmed', { is_confirmed: true }).mark).toBe(true);
		expect(markOf('documentConfirmed', { confirmed: true }).mark).toBeUndefined();
		expect(markOf('documentConfirmed', { is_confirmed: 'no' }).problem).toBe(
			'a document whose is_confirmed is "no", neither a date nor yes or no',
		);
	});

	test('the old guesses of accepted: a yes, a date, or both; the date wins', () => {
		expect(markOf('documentAccepted', { accepted: true })).toEqual({ mark: true });
		expect(markOf('documentAccepted', { date_accepted: '2026-11-20T10:00:00Z' })).toEqual({
			mark: DAY,
		});
		expect(
			markOf('documentAccepted', { accepted: true, date_accepted: '2026-11-20T19:00:00+09:00' }),
		).toEqual({ mark: DAY });
		expect(markOf('documentAccepted', { accepted: true, date_accepted: null })).toEqual({
			mark: true,
		});
	});

	test('not marked: no, empty or null in either field; neither field: it does not tell', () => {
		expect(markOf('documentAccepted', { accepted: false }).mark).toBeNull();
		expect(markOf('documentConfirmed', { date_confirmed: null }).mark).toBeNull();
		expect(markOf('documentCancelled', { date_cancelled: '' }).mark).toBeNull();
		expect(markOf('documentAccepted', { mid: '1' }).mark).toBeUndefined();
		expect(markOf('documentCancelled', { cancelled: true }).mark).toBe(true);
	});

	test('anything else is a problem named by its field, not a guess', () => {
		expect(markOf('documentAccepted', { accepted: 'yes' }).problem).toBe(
			'a document whose accepted is "yes", neither a date nor yes or no',
		);
		expect(markOf('documentConfirmed', { date_confirmed: 'soon' }).problem).toBe(
			'a document whose date_confirmed is "soon", neither a date nor yes or no',
		);
		expect(markOf('documentAccepted', { accepted: 1 }).problem).toMatch(/accepted is 1/);
	});

	test('sent and paid as always: MakeLeaps gives their dates, so a record without one is not marked', () => {
		expect(markOf('documentPaid', {}).mark).toBeNull();
		expect(markOf('documentPaid', { date_paid: '2026-11-20T10:00:00Z' }).mark).toBe(DAY);
		expect(markOf('documentSent', { date_sent: 'yesterday' }).mark).toBe('yesterday');
		expect(markOf('newDocument', { date: '2026-11-20' }).mark).toBeUndefined();
	});

	test('the fields in words', () => {
		expect(markFieldsText('documentAccepted')).toBe('is_accepted, accepted or date_accepted');
		expect(markFieldsText('documentAccepted', 'nor')).toBe(
			'none of is_accepted, accepted or date_accepted',
		);
		expect(markFieldsText('documentConfirmed', 'nor')).toBe(
			'neither is_confirmed nor date_confirmed',
		);
		expect(markFieldsText('documentPaid')).toBe('date_paid');
	});
});

describe('isNewMark and rememberedMark', () => {
	test('marked now: new when never seen or seen not marked; never after a record that did not tell', () => {
		expect(isNewMark(true, false, undefined)).toBe(true);
		expect(isNewMark(DAY, true, undefined)).toBe(true);
		expect(isNewMark(DAY, true, null)).toBe(false);
		expect(isNewMark(null, false, undefined)).toBe(false);
		expect(isNewMark(undefined, false, undefined)).toBe(false);
	});

	test('marked before: only another date is a new mark; a yes beside a date is the same one', () => {
		expect(isNewMark(DAY, true, DAY)).toBe(false);
		expect(isNewMark(DAY + 1, true, DAY)).toBe(true);
		expect(isNewMark(true, true, DAY)).toBe(false);
		expect(isNewMark(DAY, true, true)).toBe(false);
		expect(isNewMark(true, true, true)).toBe(false);
	});

	test('a record that does not tell keeps what was known of it; never seen, it is unknown (null)', () => {
		expect(rememberedMark(undefined, true, DAY)).toBe(DAY);
		expect(rememberedMark(undefined, true, undefined)).toBeUndefined();
		expect(rememberedMark(undefined, false, undefined)).toBeNull();
		expect(rememberedMark(null, true, DAY)).toBeUndefined();
		expect(rememberedMark(true, true, null)).toBe(true);
	});
});
