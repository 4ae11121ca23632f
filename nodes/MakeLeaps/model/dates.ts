/** Dates as MakeLeaps takes them: YYYY-MM-DD. Pure. */
import { InvalidInput } from './validation';

const DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T ])/;

/**
 * A calendar date from what a user or an expression gives: "2026-11-30", "2026/11/30", an ISO
 * timestamp (its date is taken as written), or a date object (`{{ $now }}`, taken in UTC).
 */
export function checkDate(value: unknown, label: string): string {
	if (value === undefined || value === null || value === '') return '';
	if (value instanceof Date) return fromDate(value, label);
	const iso = (value as { toISODate?: () => string | null }).toISODate?.();
	if (typeof iso === 'string') return iso;
	if (typeof value !== 'string')
		throw new InvalidInput(`${label} must be a date such as 2026-11-30, not ${typeof value}`);
	const match = DAY.exec(value.trim());
	if (!match) throw new InvalidInput(`${label} "${value}" is not a date such as 2026-11-30`);
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	if (
		date.getUTCFullYear() !== year ||
		date.getUTCMonth() !== month - 1 ||
		date.getUTCDate() !== day
	) {
		throw new InvalidInput(`${label} "${value}" is not a day of the calendar`);
	}
	return date.toISOString().slice(0, 10);
}

function fromDate(value: Date, label: string): string {
	if (Number.isNaN(value.getTime())) throw new InvalidInput(`${label} is not a valid date`);
	return value.toISOString().slice(0, 10);
}

/** Today in a time zone (the workflow's), as a document's default date. */
export function today(timeZone: string, now = new Date()): string {
	try {
		return new Intl.DateTimeFormat('en-CA', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		}).format(now);
	} catch {
		return now.toISOString().slice(0, 10);
	}
}

/** The calendar day `days` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
	const [year, month, date] = day.split('-').map(Number);
	return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}
