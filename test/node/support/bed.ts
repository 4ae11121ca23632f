/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error, no-console -- dev code: the test bed records the console and rethrows what a run threw */
import { createRequire } from 'node:module';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MakeLeapsApi } from '../../../credentials/MakeLeapsApi.credentials';
import { ENCODINGS } from '../../../sandbox/http/credentialEchoes';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/server';
import { CredentialsHelper } from '../../../dev/harness/credentials';
import { observed, runNode, type RunOptions, type RunResult } from '../../../dev/harness/engine';
import { callTool, type ToolAnswer } from '../../../dev/harness/tool';

/** Requests per minute for tests that are not about pacing (the sandbox does not throttle them). */
export const FAST = 6000;

/**
 * A sandbox that refuses a field it does not know (400 naming it) instead of ignoring it as DRF
 * does: the tests that check a document's fields arrive use it, so nothing the node sends is
 * dropped unseen.
 */
export const STRICT: SandboxOptions = { refuseUnknownFields: true };

/**
 * The first wait for MakeLeaps to validate a sending order in runs that do not set it (2 s in
 * n8n): the sandboxes of the tests validate in 300 ms or less, and the later looks wait 1 s and
 * 2 s. A test's own `limits` may set another.
 */
export const VALIDATION_WAIT_MS = 500;

export interface TestBed {
	sandbox: Sandbox;
	credentials: CredentialsHelper;
	partner: { __rl: true; mode: string; value: string };
	run(
		parameters: INodeParameters,
		items?: IDataObject[],
		options?: Partial<RunOptions>,
	): Promise<RunResult>;
	/** One call of the node as an AI tool with the model's arguments: what the model reads. */
	callTool(parameters: INodeParameters, args: IDataObject): Promise<ToolAnswer>;
	/** Every secret a leak check must look for: the client secret, the Basic header and each token. */
	secrets(): string[];
	/** Console and logger lines written during the test (n8n's logger writes to the console). */
	logs: string[];
	/** Makes the credential give up a token exchange after `ms` (30 s in n8n). */
	shortenTokenDeadline(ms: number): void;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

type Write = typeof process.stdout.write;
type LogMethod = (level: string, message: string, metadata: Record<string, unknown>) => void;

/**
 * n8n's logger classes as the engine loads them (n8n-core may carry its own copy of
 * @n8n/backend-common). Their `log` method is the one entry point of every level.
 */
const n8nLoggers: Array<{ prototype: { log: LogMethod } }> = (() => {
	const load = createRequire(__filename);
	const bases = [load.resolve('n8n-core'), __filename];
	const paths = new Set(
		bases.map((base) => load.resolve('@n8n/backend-common', { paths: [path.dirname(base)] })),
	);
	return [...paths].map(
		(resolved) => (load(resolved) as { Logger: { prototype: { log: LogMethod } } }).Logger,
	);
})();

/**
 * Records console output, n8n's logger (each line with its metadata) and everything written to
 * stdout and stderr, passing it on, until the returned function is called.
 */
export function captureConsole(lines: string[]): () => void {
	const record = (args: unknown[]) =>
		lines.push(args.map((a) => (typeof a === 'string' ? a : textsOf(a).join(' '))).join(' '));
	const originals = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
	for (const [name, original] of originals) {
		console[name] = (...args: unknown[]) => {
			record(args);
			original.apply(console, args);
		};
	}
	const streams = [process.stdout, process.stderr].map((stream) => [stream, stream.write] as const);
	for (const [stream, write] of streams) {
		stream.write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
			record([
				typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk,
			]);
			return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
		} as Write;
	}
	const loggers = n8nLoggers.map((Logger) => [Logger.prototype, Logger.prototype.log] as const);
	for (const [prototype, log] of loggers) {
		prototype.log = function (this: unknown, level, message, metadata) {
			record([level, message, metadata]);
			log.call(this, level, message, metadata);
		};
	}
	return () => {
		for (const [name, original] of originals) console[name] = original;
		for (const [stream, write] of streams) stream.write = write;
		for (const [prototype, log] of loggers) prototype.log = log;
	};
}

/**
 * Every string reachable from a value, with where it was found: own properties including
 * non-enumerable ones (an error's message, stack, cause, description, context), array items,
 * Map and Set entries, Buffers.
 */
export function textsOf(value: unknown): string[] {
	return walkTexts(value).map(([, text]) => text);
}

function walkTexts(root: unknown): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	const seen = new Set<unknown>();
	const stack: Array<[string, unknown, number]> = [['', root, 0]];
	while (stack.length > 0 && seen.size < 500000) {
		const [path, value, depth] = stack.pop()!;
		if (typeof value === 'string') found.push([path, value]);
		else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
			continue;
		else if (typeof value === 'object' && value !== null && !seen.has(value) && depth < 40) {
			seen.add(value);
			if (Buffer.isBuffer(value)) found.push([path, value.toString('utf8')]);
			else if (value instanceof Map)
				[...value.entries()].forEach(([k, v], i) =>
					stack.push([`${path}<${i}>`, k, depth + 1], [`${path}[${String(k)}]`, v, depth + 1]),
				);
			else if (value instanceof Set)
				[...value].forEach((v, i) => stack.push([`${path}{${i}}`, v, depth + 1]));
			else {
				for (const key of Object.getOwnPropertyNames(value)) {
					let child: unknown;
					try {
						child = (value as Record<string, unknown>)[key];
					} catch {
						continue;
					}
					stack.push([`${path}.${key}`, child, depth + 1]);
				}
			}
		}
	}
	return found;
}

/** Where each secret occurs in the values (the secrets themselves are not repeated). */
export function findSecrets(
	values: unknown,
	secrets: Array<{ name: string; value: string }>,
): string[] {
	const leaks: string[] = [];
	const looked = secrets.filter((secret) => secret.value);
	if (looked.length === 0) return leaks;
	// one search for most texts; the secrets it may have found, one by one
	const any = new RegExp(
		looked.map((s) => s.value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|'),
	);
	for (const [path, text] of walkTexts(values)) {
		if (!any.test(text)) continue;
		for (const secret of looked)
			if (text.includes(secret.value)) leaks.push(`${secret.name} at ${path || '(root)'}`);
	}
	return leaks;
}

/**
 * A secret in every form a text may carry it (sandbox/http/credentialEchoes.ts's encodings, and
 * its base64 as it reads inside a longer base64 text, at each of the three alignments).
 */
export function everyForm(secret: { name: string; value: string }) {
	const forms = new Map<string, string>([[secret.value, secret.name]]);
	for (const [encoding, encode] of Object.entries(ENCODINGS)) {
		const value = encode(secret.value);
		if (!forms.has(value)) forms.set(value, `${secret.name} (${encoding})`);
	}
	const bytes = Buffer.from(secret.value, 'utf8');
	for (let shift = 0; shift < 3; shift++) {
		const text = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const piece = text.slice(
			Math.ceil((8 * shift) / 6),
			Math.floor((8 * (shift + bytes.length)) / 6),
		);
		for (const form of [piece, piece.replace(/\+/g, '-').replace(/\//g, '_')])
			if (form.length >= 16 && !forms.has(form))
				forms.set(form, `${secret.name} (base64 in a longer text)`);
	}
	return [...forms].map(([value, name]) => ({ name, value }));
}

/**
 * The secrets of a sandbox: each client secret, its Basic header value, and every issued token,
 * each in every form a text may carry it (everyForm).
 */
export function sandboxSecrets(sandbox: Sandbox): Array<{ name: string; value: string }> {
	return [
		...sandbox.issuedSecrets.flatMap(({ clientId, clientSecret }) => [
			{ name: `client secret of ${clientId}`, value: clientSecret },
			{
				name: `Basic credentials of ${clientId}`,
				value: Buffer.from(`${clientId}:${clientSecret}`).toString('base64'),
			},
		]),
		...sandbox.issuedTokens.map((value, i) => ({ name: `access token #${i + 1}`, value })),
	].flatMap(everyForm);
}

/** The bed's runs: the node with the test's parameters, at the fast pace unless it sets one. */
const runsOf =
	(bed: TestBed, runDefaults: Partial<RunOptions>): TestBed['run'] =>
	async (parameters, items = [{}], extra = {}) => {
		try {
			return await runNode({
				credentials: bed.credentials,
				items,
				parameters: {
					resource: 'client',
					partner: bed.partner,
					...parameters,
					options: { requestsPerMinute: FAST, ...(parameters.options as object) },
				},
				...runDefaults,
				...extra,
				limits: {
					validationWaitMs: VALIDATION_WAIT_MS,
					...(extra.limits ?? runDefaults.limits),
				},
			});
		} catch (thrown) {
			observed.push(thrown);
			throw thrown;
		}
	};

/**
 * A copy of a test's options that a test may change without reaching the next one: arrays and
 * plain objects copied all the way down, anything else (a function, a class's instance) kept.
 */
export function freshCopy<T>(value: T): T {
	if (Array.isArray(value)) return value.map((entry: unknown) => freshCopy(entry)) as T;
	if (typeof value !== 'object' || value === null) return value;
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (prototype !== Object.prototype && prototype !== null) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, entry]) => [key, freshCopy(entry)]),
	) as T;
}

/**
 * A fresh sandbox and a stored credential pointing at it, for each test, started from its own
 * copy of `options` (a switch one test turns on, in `bed.sandbox.options`, stays in that test); `runDefaults` apply to
 * every run (such as shorter transport limits; runs wait VALIDATION_WAIT_MS for a sending order's
 * validation unless their limits set it). After each test,
 * everything the test saw (every run's items and errors, thrown errors, console and logger
 * output) is checked for the client secret, the Basic header value and every issued token.
 */
export function useTestBed(
	options: SandboxOptions = {},
	runDefaults: Partial<RunOptions> = {},
): TestBed {
	const bed = {} as TestBed;
	let restoreConsole = () => {};
	beforeEach(async () => {
		observed.length = 0;
		bed.logs = [];
		restoreConsole = captureConsole(bed.logs);
		bed.sandbox = await startSandbox(freshCopy(options));
		bed.credentials = new CredentialsHelper();
		const { clientId, clientSecret, partnerMid } = bed.sandbox.credentials;
		bed.credentials.set('cred-1', { baseUrl: bed.sandbox.baseUrl, clientId, clientSecret });
		bed.partner = { __rl: true, mode: 'id', value: partnerMid };
		bed.run = runsOf(bed, freshCopy(runDefaults));
		bed.callTool = async (parameters, args) =>
			await callTool({
				credentials: bed.credentials,
				args,
				parameters: {
					...parameters,
					options: { requestsPerMinute: FAST, ...(parameters.options as object) },
				},
			});
		bed.secrets = () => sandboxSecrets(bed.sandbox).map((s) => s.value);
		bed.shortenTokenDeadline = (ms) => {
			const stored = bed.credentials.get('cred-1');
			bed.credentials = new CredentialsHelper(new MakeLeapsApi(ms));
			bed.credentials.set('cred-1', stored);
		};
	});
	afterEach(async () => {
		restoreConsole();
		await bed.sandbox.close();
		const leaks = findSecrets({ observed, logs: bed.logs }, sandboxSecrets(bed.sandbox));
		observed.length = 0;
		if (leaks.length > 0)
			throw new Error(
				`A secret leaked into what the test saw: ${[...new Set(leaks)].slice(0, 10).join('; ')}`,
			);
	});
	return bed;
}

/** Fails when any secret appears in what the user can see of a run: items, errors, messages. */
export function expectNoSecrets(bed: TestBed, ...visible: unknown[]) {
	expect(findSecrets(visible, sandboxSecrets(bed.sandbox))).toEqual([]);
}

export const basic = (id: string, secret: string) =>
	`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
