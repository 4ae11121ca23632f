/** Base URL rules shared by the credential and the node, and the guard on every request URL. */

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
		return { problem: `The Base URL "${String(raw ?? '')}" is not a valid URL` };
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
		return { problem: 'The Base URL must start with https://' };
	}
	if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
		return {
			problem: 'The Base URL must use https:// (plain http:// is only allowed for localhost)',
		};
	}
	if (parsed.username || parsed.password || parsed.search || parsed.hash) {
		return { problem: 'The Base URL must not contain a user name, password, query or fragment' };
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
 * 169.254/16, 100.64/10, ::1, ::, fc00::/7, fe80::/10, and IPv4 addresses mapped into IPv6.
 * Names are not resolved: only the address literals and localhost are known.
 */
export function isInternalHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	if (host === 'localhost' || host.endsWith('.localhost')) return true;
	const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
	if (v4) return isInternalV4(v4.slice(1).map(Number));
	if (!host.startsWith('[')) return false;
	const v6 = host.slice(1, -1);
	if (v6 === '::1' || v6 === '::') return true;
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
	if (mapped) {
		const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
		return isInternalV4([high >> 8, high & 255, low >> 8, low & 255]);
	}
	const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
	if (dotted) return isInternalHost(dotted[1]);
	const first = parseInt(v6.split(':')[0] || '0', 16);
	return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
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
 * Where a download may be fetched from after MakeLeaps redirected it (the file's storage): https
 * on a public host; with a Base URL that is plain http on this machine (the sandbox), also this
 * machine over http. Never a private or link-local network address otherwise.
 */
export function storageAllowed(target: URL, baseUrl: string): boolean {
	const base = new URL(baseUrl);
	const local = base.protocol === 'http:' && isLoopback(base.hostname);
	if (local && isLoopback(target.hostname)) {
		return target.protocol === 'http:' || target.protocol === 'https:';
	}
	return target.protocol === 'https:' && !isInternalHost(target.hostname);
}
