/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- dev code: child processes that keep the machine's cores busy during a test */
/**
 * Other work on the machine: child processes that spin on the CPU for as long as a test runs,
 * so the node, the engine and the sandbox get only a share of the cores, as on a loaded server
 * or a CI runner shared with other jobs.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Busy loops, killed by `useBusyCores`'s afterAll (and by themselves after an hour at most). */
function spin(): ChildProcess {
	return spawn(
		process.execPath,
		['-e', 'const end = Date.now() + 3600e3; while (Date.now() < end);'],
		{
			stdio: 'ignore',
		},
	);
}

/** `count` busy loops beside every test of the describe block that calls it. */
export function useBusyCores(count = 3): void {
	let loops: ChildProcess[] = [];
	beforeAll(() => {
		loops = Array.from({ length: count }, spin);
	});
	afterAll(async () => {
		await Promise.all(
			loops.map(async (loop) => {
				if (loop.exitCode !== null || loop.signalCode !== null) return;
				const exited = new Promise((resolve) => loop.once('exit', resolve));
				loop.kill('SIGKILL');
				await exited;
			}),
		);
	});
}
