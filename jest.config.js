/**
 * Two projects, both run by `npm test`:
 * - unit: the node in n8n-core's engine against the sandbox (test/*.test.ts), seconds;
 * - e2e: the packed package in a real n8n (test/e2e/*.e2e.test.ts), minutes, see test/e2e/.
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.tools.json' }] };

/** @type {import('jest').Config} */
module.exports = {
	maxWorkers: 2,
	projects: [
		{
			displayName: 'unit',
			testEnvironment: 'node',
			roots: ['<rootDir>/test'],
			testMatch: ['<rootDir>/test/*.test.ts'],
			transform,
			setupFilesAfterEnv: ['<rootDir>/test/timeouts.ts'],
		},
		{
			displayName: 'e2e',
			testEnvironment: 'node',
			roots: ['<rootDir>/test/e2e'],
			testMatch: ['<rootDir>/test/e2e/*.e2e.test.ts'],
			transform,
			setupFilesAfterEnv: ['<rootDir>/test/e2e/timeouts.ts'],
		},
	],
};
