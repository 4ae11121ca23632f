/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code: starts database and queue servers for the queue-mode test */
/**
 * The servers n8n's queue mode needs, started for one test run and removed after it: Redis
 * (Debian's redis-server) and PostgreSQL (Debian's postgresql, a private cluster made with
 * initdb on a free port, so the machine's own cluster, if any, is not touched).
 * `scripts/with-node24.sh test:queue` installs both packages when they are missing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../dev/n8n';
import { waitUntilReady } from '../../dev/readiness';

export interface Server {
	port: number;
	stop(): Promise<void>;
}

async function stopChild(child: ChildProcess) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	await exited;
}

/** Redis on a free loopback port, without persistence. */
export async function startRedis(): Promise<Server> {
	const port = await freePort();
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
	const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let log = '';
	child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
	const ready = 'Ready to accept connections';
	await waitUntilReady({
		what: `redis-server on port ${port} ("${ready}" in its log)`,
		boundMs: 300_000,
		check: async () => log.includes(ready) || 'not in its log yet',
		log: () => log,
		gone: () =>
			child.exitCode === null ? undefined : `redis-server exited with ${child.exitCode}`,
		everyMs: 100,
	});
	return { port, stop: async () => await stopChild(child) };
}

/** The folder of Debian's PostgreSQL programs (the newest installed version). */
function postgresBin(): string {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
	const found = versions
		.map((v) => path.join(root, v, 'bin'))
		.find((bin) => existsSync(path.join(bin, 'initdb')));
	if (!found) throw new Error('PostgreSQL is missing: install the Debian package postgresql');
	return found;
}

export interface Postgres extends Server {
	database: string;
	user: string;
	/** The whole database as SQL text (pg_dump), to search it. */
	dump(): string;
}

/**
 * A private PostgreSQL cluster on a free loopback port, trusting local connections. PostgreSQL
 * refuses to run as root: as root, its programs run as the `postgres` user Debian's package made.
 */
export async function startPostgres(): Promise<Postgres> {
	const bin = postgresBin();
	const port = await freePort();
	const folder = mkdtempSync(path.join(os.tmpdir(), 'makeleaps-postgres-'));
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
		const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
		chownSync(folder, uid, gid);
	}
	const asOwner = (program: string, args: string[]) =>
		asRoot
			? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
			: execFileSync(path.join(bin, program), args);
	const data = path.join(folder, 'data');
	const user = 'n8n';
	const database = 'n8n';
	asOwner('initdb', ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--no-sync']);
	const settings = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
	asOwner('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(folder, 'log'), '-w', 'start']);
	const client = ['-h', '127.0.0.1', '-p', String(port), '-U', user];
	execFileSync(path.join(bin, 'createdb'), [...client, database]);
	return {
		port,
		database,
		user,
		dump: () =>
			execFileSync(path.join(bin, 'pg_dump'), [...client, database], {
				maxBuffer: 512 * 1024 * 1024,
			}).toString(),
		stop: async () => {
			asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
			rmSync(folder, { recursive: true, force: true });
		},
	};
}
