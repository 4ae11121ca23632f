/**
 * Three layers, all run by `npm test` (see DEVELOPMENT.md), and the queue-mode check that
 * `npm run test:queue` runs:
 * - unit: pure modules, no n8n engine and no servers (test/unit), about 15 s;
 * - node: the node in n8n-core's engine against the sandbox (test/node), about 3.5 minutes;
 * - e2e: the packed package in a real n8n and a real browser (test/e2e), minutes;
 * - queue: n8n's queue mode (main, two workers, Redis, PostgreSQL) running imports (test/queue).
 */
// ts-jest only transpiles (tsconfig.tools.json sets `isolatedModules`): type errors are tsc's to
// find, in `npm run lint` and `npm test` (`tsc -p tsconfig.tools.json --noEmit`), once for all
// files instead of once per jest worker.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.tools.json' }] };

const project = (name, testTimeoutMs) => ({
	displayName: name,
	testEnvironment: 'node',
	roots: [`<rootDir>/test/${name}`],
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	transform,
	// jest takes `testTimeout` from the global config only: each project sets its own.
	globals: { testTimeoutMs },
	setupFilesAfterEnv: ['<rootDir>/test/timeout.ts'],
});

/** The projects a run selects (`--selectProjects unit node`); all of them when it names none. */
function selectedProjects(argv = process.argv) {
	const names = [];
	for (let i = 0; i < argv.length; i++) {
		if (argv[i].startsWith('--selectProjects=')) names.push(argv[i].split('=')[1]);
		else if (argv[i] === '--selectProjects')
			for (i++; i < argv.length && !argv[i].startsWith('-'); i++) names.push(argv[i]);
	}
	return names.length > 0 ? names : ['unit', 'node', 'e2e', 'queue'];
}

/**
 * Node test files mostly wait on real time (fault, backoff and Retry-After waits, paced and
 * throttled imports, a far link's round trips): on 2 cores, 3 workers overlap those waits (the
 * layer in about 3.5 minutes instead of 5). Not 4: no test measures the clock, but more workers
 * than that only share the same two cores. Unit files only compute, and each end-to-end or
 * queue file starts n8n processes that take a core or more: runs that include them keep 2
 * workers.
 */
const selected = selectedProjects();
const waitsMostly =
	selected.includes('node') && selected.every((name) => name === 'unit' || name === 'node');

/** @type {import('jest').Config} */
module.exports = {
	maxWorkers: waitsMostly ? 3 : 2,
	// Each node test file loads n8n's engine afresh, and a worker's heap grows past 1 GB over a
	// run; so large a worker takes 300 ms or more to stop, which under load passes the 500 ms jest
	// waits ("a worker process has failed to exit gracefully"). A worker above 1 GB after a test
	// file is replaced, so the last ones stop in well under 200 ms.
	workerIdleMemoryLimit: '1GB',
	projects: [
		project('unit', 5_000),
		project('node', 60_000),
		// each end-to-end test starts n8n processes (a few seconds each) and waits for them
		project('e2e', 300_000),
		// n8n's queue mode with real Redis and PostgreSQL: `npm run test:queue`, not `npm test`
		project('queue', 600_000),
	],
};
