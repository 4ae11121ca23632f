/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code: watches the sources, rebuilds the package and drives a real n8n */
/**
 * `npm run dev`: the sandbox and a real n8n with this package, the sandbox credential and the
 * example workflows, open in the editor; then, on every change under nodes/, credentials/ or
 * icons/, the package is rebuilt, packed and installed again, and n8n restarted, as n8n would
 * load a new version of a community package. Ctrl+C stops everything.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, watch } from 'node:fs';
import path from 'node:path';

import { sleep } from 'n8n-workflow';

import { ROOT } from '../dev/n8n';
import { openEditor, say, startInstance, stopOnSignals } from './instance';

const WATCHED = ['nodes', 'credentials', 'icons'];
/** Changes arriving within this time (an editor saving several files) make one rebuild. */
const SETTLE_MS = 400;

/** Runs a build command in the package's folder, its output shown; true when it succeeded. */
async function runs(command: string, args: string[]): Promise<boolean> {
	const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
	return await new Promise((resolve) => {
		child.once('error', () => resolve(false));
		child.once('close', (code) => resolve(code === 0));
	});
}

async function build(): Promise<boolean> {
	return (
		(await runs('tsc', ['-p', 'tsconfig.json'])) &&
		(await runs('gulp', ['--silent', 'build:icons']))
	);
}

async function main() {
	const outputFolder = path.join(ROOT, 'demo-output', 'dev');
	mkdirSync(outputFolder, { recursive: true });
	const instance = await startInstance(outputFolder);
	stopOnSignals(async () => {
		await instance.dispose();
		process.exit(0);
	});
	await openEditor(instance);
	say(`Watching ${WATCHED.join('/, ')}/ : a saved change rebuilds the package and restarts n8n.`);
	say('Press Ctrl+C to stop n8n and the sandbox.');

	let changed = false;
	let busy = false;
	const reload = async () => {
		if (busy) return;
		busy = true;
		while (changed) {
			changed = false;
			await sleep(SETTLE_MS);
			if (changed) continue;
			say('\nRebuilding...');
			if (!(await build())) {
				say('The build failed; n8n keeps the last good version. Fix the error and save again.');
				continue;
			}
			const { n8n } = instance;
			const port = n8n.port;
			try {
				await n8n.stop();
				await n8n.installPackage();
				await n8n.start(port);
				say(`Reloaded: ${n8n.url}/ (refresh the editor's page)`);
			} catch (error) {
				say(`n8n did not restart: ${(error as Error).message}\nSave again to retry.`);
			}
		}
		busy = false;
	};
	for (const folder of WATCHED) {
		watch(path.join(ROOT, folder), { recursive: true }, () => {
			changed = true;
			void reload();
		});
	}
}

main().catch((error: Error) => {
	process.stderr.write(`npm run dev failed: ${error.message}\n`);
	process.exit(1);
});
