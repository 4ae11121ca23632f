/** Base URL rules shared by the credential and the node, and the guard on every request URL. */
import { BASE_URL_PROBLEMS } from '../words/credential';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A host on this machine, the only place plain http is allowed (the sandbox). */
export const isLoopback = (hostname: string) => LOOPBACK.test(hostname);

export type BaseUrlCheck =
	| { url: string; problem?: undefined }
	| { url?: undefined; problem: string };

/**
 * Normalises the credential's Base URL (trailing slashes removed) and refuses anything that
 * would send the client secret somewhere unsafe: plain http is allowed only for loopback hosts.
 */
export function checkBaseUrl(raw: unknown): BaseUrlCheck {
	const text = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		return { problem: BASE_URL_PROBLEMS.invalid(String(raw ?? '')) };
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		return { problem: BASE_URL_PROBLEMS.notHttp };
	}
	if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
		return { problem: BASE_URL_PROBLEMS.plainHttp };
	}
	if (parsed.username || parsed.password || parsed.search || parsed.hash) {
		return { problem: BASE_URL_PROBLEMS.extraParts };
	}
	return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}` };
}

/** A path without dot segments, backslashes, blanks or encoded separators. */
export function isPlainPath(path: string): boolean {
	return (
		!/[\s\\]|%2e|%2f|%5c/i.test(path) &&
		!path.split('/').some((segment) => segment === '.' || segment === '..')
	);
}

/**
 * The absolute URL of an API path (`/api/partner/`) or of a URL MakeLeaps gave (`meta.next`), or
 * undefined when it would leave the Base URL or climb out of its path.
 */
export function apiUrl(baseUrl: string, pathOrUrl: string): string | undefined {
	const url = pathOrUrl.startsWith('/') ? `${baseUrl}${pathOrUrl}` : pathOrUrl;
	if (!url.startsWith(`${baseUrl}/`)) return undefined;
	return isPlainPath(url.slice(baseUrl.length).split('?')[0]) ? url : undefined;
}

/**
 * Whether a host (as a parsed URL gives it: IPv4 dotted, IPv6 in brackets) is this machine or a
 * private or link-local network: localhost, 127/8, 0/8, 10/8, 172.16/12, 192.168/16,
 * 169.254/16, 100.64/10, ::1, ::, fc00::/7, fe80::/10, fec0::/10, the local-use NAT64 prefix
 * 64:ff9b:1::/48, and IPv4 addresses written in IPv6 (see `embeddedV4`), judged as IPv4. Names are not resolved: only the address literals and
 * localhost are known.
 */
export function isInternalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return true;
	const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
	if (v4) return isInternalV4(v4.slice(1).map(Number));
	if (!host.startsWith('[') || !host.endsWith(']')) return false;
	const groups = ipv6Groups(host.slice(1, -1));
	// not an address this check can read: never a place to send a file to
	if (groups === undefined) return true;
	const v4In6 = embeddedV4(groups);
	if (v4In6) return isInternalV4(v4In6);
	const [first, second, third] = groups;
	const localNat64 = first === 0x64 && second === 0xff9b && third === 1;
	return (
		localNat64 ||
		(first & 0xfe00) === 0xfc00 ||
		(first & 0xffc0) === 0xfe80 ||
		(first & 0xffc0) === 0xfec0
	);
}

/**
 * The IPv4 address an IPv6 address stands for, where traffic to it reaches that IPv4 host:
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` (`::` and `::1` among them, read
 * as 0.0.0.0 and 0.0.0.1: internal), IPv4-translated `::ffff:0:a.b.c.d`, and NAT64's
 * well-known prefix `64:ff9b::/96`.
 */
function embeddedV4(groups: number[]): number[] | undefined {
	const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
	const low = [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255];
	if (zeros(0, 5) && (groups[5] === 0 || groups[5] === 0xffff)) return low;
	if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return low;
	if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return low;
	return undefined;
}

/**
 * The eight 16-bit groups of an IPv6 address (`::` filled in, a last part in dotted IPv4 taken as
 * two groups), or undefined when it is not one.
 */
export function ipv6Groups(address: string): number[] | undefined {
	let text = address;
	const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
	if (dotted) {
		const bytes = dotted.slice(2).map(Number);
		if (bytes.some((b) => b > 255)) return undefined;
		const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
		text = `${dotted[1]}${hex(bytes[0], bytes[1])}:${hex(bytes[2], bytes[3])}`;
	}
	const halves = text.split('::');
	if (halves.length > 2) return undefined;
	const parts = (half: string) => (half === '' ? [] : half.split(':'));
	const [head, tail] = [parts(halves[0]), halves.length === 2 ? parts(halves[1]) : []];
	const missing = 8 - head.length - tail.length;
	if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
	const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
	if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	return all.map((group) => parseInt(group, 16));
}

function isInternalV4([a, b]: number[]): boolean {
	return (
		a === 0 ||
		a === 10 ||
		a === 127 ||
		(a === 169 && b === 254) ||
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 100 && b >= 64 && b <= 127)
	);
}

/**
 * Where a download may be fetched from after MakeLeaps redirected it, or an upload PUT outside the
 * Base URL (the file's storage): https on a public host; with a Base URL that is plain http on
 * this machine (the sandbox), also this machine over http. Never a private or link-local network
 * address otherwise, and never an address with a user name or password in it (a signed storage
 * address has none; one such as `https://<Base URL's host>@elsewhere/` only looks like the API).
 */
export function storageAllowed(target: URL, baseUrl: string): boolean {
	if (target.username !== '' || target.password !== '') return false;
	const base = new URL(baseUrl);
	const local = base.protocol === 'http:' && isLoopback(base.hostname);
	if (local && isLoopback(target.hostname)) {
		return target.protocol === 'http:' || target.protocol === 'https:';
	}
	return target.protocol === 'https:' && !isInternalHost(target.hostname);
}
