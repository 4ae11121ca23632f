/* eslint-disable no-console -- dev code: writes to the console to show the leak check reads it */
/**
 * Secrets never reach what a user or a log sees. Every test using the test bed is already checked
 * after it ends (test/setup.ts); this file shows that the check finds a planted secret, and drives
 * the node into the error paths where a secret could travel: an API that echoes credentials.
 */
import { captureConsole, findSecrets, useTestBed } from '../support/bed';

describe('The leak checker', () => {
	const secrets = [
		{ name: 'client secret', value: 'S3cr3t-Value-That-Must-Not-Leak' },
		{ name: 'token', value: 'tok_abcdefghijklmnopqrstuvwxyz' },
	];

	test('finds a secret wherever it hides: a non-enumerable cause, request headers, a description, a Map', () => {
		const axiosLike = Object.assign(new Error('Request failed'), {
			config: { headers: { Authorization: 'Bearer tok_abcdefghijklmnopqrstuvwxyz' } },
		});
		const wrapped = new Error('MakeLeaps is unavailable', { cause: axiosLike });
		Object.defineProperty(wrapped, 'description', {
			value: 'see S3cr3t-Value-That-Must-Not-Leak',
			enumerable: false,
		});
		expect(findSecrets({ output: [{ json: {}, error: wrapped }] }, secrets)).toEqual([
			'client secret at .output.0.error.description',
			'token at .output.0.error.cause.config.headers.Authorization',
		]);
		expect(
			findSecrets(new Map([['k', { deep: ['S3cr3t-Value-That-Must-Not-Leak'] }]]), secrets),
		).toEqual(['client secret at [k].deep.0']);
	});

	test('finds a secret written to the console, and passes clean data', () => {
		const lines: string[] = [];
		const restore = captureConsole(lines);
		try {
			console.debug('token was', { token: 'tok_abcdefghijklmnopqrstuvwxyz' });
		} finally {
			restore();
		}
		expect(findSecrets(lines, secrets)).toContain('token at .0');
		expect(
			findSecrets({ message: 'all fine', items: [1, 'two', { three: null }] }, secrets),
		).toEqual([]);
	});
});

describe('Secrets in API answers never reach errors, items or logs', () => {
	const bed = useTestBed();
	const locator = (value: string) => ({ __rl: true, mode: 'id', value });

	/** A body that repeats the caller's credentials, as a misbehaving proxy or debug page might. */
	function echo(status: number) {
		const { clientId, clientSecret } = bed.sandbox.credentials;
		const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
		const token = bed.sandbox.issuedTokens.at(-1);
		return JSON.stringify({
			meta: { status },
			response: {
				detail: `Rejected request with Authorization: Bearer ${token} (client ${clientId}, secret ${clientSecret}, Basic ${basic})`,
			},
		});
	}

	async function withToken() {
		const mid = bed.sandbox.seedClient({
			contacts: [{ contact_type: 'organization', name: 'Echo Co', addresses: [], email: null }],
		}).mid;
		await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'warm-up' },
		});
		bed.sandbox.resetRequests();
		return mid;
	}

	test('a 400 whose text carries the token, the secret and the Basic value', async () => {
		const mid = await withToken();
		bed.sandbox.injectFault(
			{ kind: 'status', status: 400, contentType: 'application/json', body: echo(400) },
			{ method: 'PATCH' },
		);
		const result = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'X' },
		});
		expect(result.error?.message).toMatch(
			/^MakeLeaps refused the data: Rejected request with Authorization: Bearer \[redacted\] \(client sandbox-\w+, secret \[redacted\], Basic \[redacted\]\) \[item 0, row 1\]$/,
		);
		expect(
			findSecrets(result, [{ name: 'secret', value: bed.sandbox.credentials.clientSecret }]),
		).toEqual([]);
	});

	test('an uncertain create, a 404 and a long 429, as error items with Continue On Fail', async () => {
		const mid = await withToken();
		bed.sandbox.injectFault(
			{ kind: 'status', status: 503, contentType: 'application/json', body: echo(503) },
			{ method: 'POST', path: '/api/' },
		);
		const created = await bed.run({ operation: 'create', organizationName: 'Echo 2' }, [{}], {
			onError: 'continueRegularOutput',
		});
		expect(created.output[0].error?.description).toMatch(
			/MakeLeaps said: Rejected request with Authorization: Bearer \[redacted\]/,
		);

		bed.sandbox.injectFault(
			{ kind: 'status', status: 404, contentType: 'application/json', body: echo(404) },
			{ method: 'DELETE' },
		);
		const deleted = await bed.run({ operation: 'delete', client: locator(mid) }, [{}], {
			onError: 'continueErrorOutput',
		});
		expect(deleted.errorOutput[0].error?.description).toMatch(/secret \[redacted\]/);

		bed.sandbox.injectFault(
			{
				kind: 'status',
				status: 429,
				contentType: 'application/json',
				headers: { 'Retry-After': '86400' },
				body: echo(429),
			},
			{ method: 'PATCH' },
		);
		const throttled = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'Y' },
		});
		expect(throttled.error?.description).toMatch(/Basic \[redacted\]/);
		// the afterEach leak check scans all three runs, their error objects and the logs
	});

	test('network failures: the request internals (headers with the token) stay out of the error', async () => {
		const mid = await withToken();
		for (let i = 0; i < 4; i++) bed.sandbox.injectFault({ kind: 'reset' }, { method: 'PATCH' });
		bed.sandbox.injectFault({ kind: 'resetAfter' }, { method: 'POST', path: '/api/' });
		const updated = await bed.run({
			operation: 'update',
			client: locator(mid),
			updateFields: { clientExternalId: 'Z' },
		});
		const created = await bed.run({ operation: 'create', organizationName: 'Reset Co' }, [{}], {
			onError: 'continueRegularOutput',
		});
		expect(updated.error?.message).toMatch(/^Could not reach MakeLeaps/);
		expect(created.output[0].json.error).toMatch(
			/^MakeLeaps may or may not have carried out this create/,
		);
		// n8n's logger wrote about the failed run; its lines are part of the leak check too
		expect(bed.logs.join('\n')).toContain('Could not reach MakeLeaps');
	});
});
