/**
 * Mutation testing of run/ and model/ (`npm run test:mutation`, not part of `npm test` or CI;
 * see DEVELOPMENT.md, "Mutation testing"). The tests are the unit and node layers of
 * jest.config.js, never e2e or queue.
 *
 * The jest runner gives coverage per test only through its own test environment, which jest
 * applies to the top-level config and not inside `projects`: the two layers are therefore joined
 * into one config here (their roots, test files and setup), with the timeout of the slowest layer.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { projects, ...jestConfig } = require('./jest.config.js');

/**
 * The repo's transform (ts-jest with tsconfig.tools.json), compiling each file on its own without
 * type-checking it: `npm test` type-checks, and a mutant is not meant to type-check.
 */
const compilerOptions = ['tsconfig.json', 'tsconfig.tools.json']
	.map((file) => JSON.parse(readFileSync(file, 'utf8')).compilerOptions)
	.reduce((options, more) => ({ ...options, ...more }), { isolatedModules: true });
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: compilerOptions }] };

/** `MAKELEAPS_MUTATION_LAYERS=unit` for a quick run: the node layer takes most of the time. */
const names = (process.env.MAKELEAPS_MUTATION_LAYERS ?? 'unit,node').split(',');
const layers = projects.filter(
	(project) =>
		['unit', 'node'].includes(project.displayName) && names.includes(project.displayName),
);
/** The timeouts of the slowest layer run (the node layer's 60 s; the unit layer's 5 s alone). */
const slowest = layers.at(-1);

/**
 * `MAKELEAPS_MUTATION_TESTS='test/node/(client|contact)/'` runs only the test files whose path
 * matches this regular expression (of the layers chosen): the node layer's first run takes over
 * 15 minutes, too long for a file that a few test files cover. Its results go to their own file.
 */
const narrowing = process.env.MAKELEAPS_MUTATION_TESTS;
const testPathIgnorePatterns = narrowing
	? ['/node_modules/', `^(?!.*(?:${narrowing}))`]
	: undefined;
const runName = [
	...layers.map((layer) => layer.displayName),
	...(narrowing ? [narrowing.replace(/[^A-Za-z0-9]+/g, '_')] : []),
].join('-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	packageManager: 'npm',
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		enableFindRelatedTests: false,
		config: {
			...jestConfig,
			projects: undefined,
			testEnvironment: slowest.testEnvironment,
			roots: layers.flatMap((project) => project.roots),
			testMatch: layers.flatMap((project) => project.testMatch),
			testPathIgnorePatterns,
			transform,
			setupFilesAfterEnv: slowest.setupFilesAfterEnv,
			globals: slowest.globals,
		},
	},
	mutate: ['nodes/MakeLeaps/run/**/*.ts', 'nodes/MakeLeaps/model/**/*.ts'],
	coverageAnalysis: 'perTest',
	// no type-checking of mutants: they are compiled one file at a time (see transform)
	checkers: [],
	disableTypeChecks: 'nodes/**/*.ts',
	// the node tests run n8n's engine against the in-process sandbox, with real waits
	// (a mutant that makes a test wait forever fails it at the layer's timeout: detected)
	timeoutMS: slowest.globals.testTimeoutMs,
	timeoutFactor: 3,
	dryRunTimeoutMinutes: 30,
	concurrency: 2,
	// a mutant in a module-level constant runs every test: too slow here, reported as ignored
	ignoreStatic: true,
	// each node test file loads n8n's engine afresh: a runner's heap grows, so it is replaced
	maxTestRunnerReuse: 40,
	incremental: true,
	// one file per choice of layers and tests: a run on fewer tests would otherwise redo the
	// others' results
	incrementalFile: `reports/mutation/incremental-${runName}.json`,
	// outside the project: a run stopped halfway leaves its sandbox, which lint would then read
	tempDirName: path.join(os.tmpdir(), 'makeleaps-stryker'),
	cleanTempDir: true,
	ignorePatterns: [
		'build',
		'dist',
		'test-output',
		'bench-output',
		'demo-output',
		'reports',
		'.tools',
		'test/e2e',
		'test/queue',
	],
	reporters: ['clear-text', 'progress', 'html', 'json'],
	htmlReporter: { fileName: 'reports/mutation/index.html' },
	jsonReporter: { fileName: 'reports/mutation/mutation.json' },
	thresholds: { high: 90, low: 75, break: null },
};
