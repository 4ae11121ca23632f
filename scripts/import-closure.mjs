/**
 * The files a module needs within nodes/ (its import closure), transport/ excluded: how much a
 * reader must hold to follow one operation. `node scripts/import-closure.mjs <file>...` prints,
 * per file, the count and the lines; `--list` prints the files too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXCLUDED = 'nodes/MakeLeaps/transport/';

/** The relative modules a file imports or re-exports (types included: a reader follows them). */
export function importsOf(file) {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
	const names = [];
	for (const statement of source.statements) {
		const spec =
			(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
			statement.moduleSpecifier;
		if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) names.push(spec.text);
	}
	return names.map((name) => resolve(path.dirname(file), name)).filter(Boolean);
}

const resolve = (dir, name) =>
	[`${name}.ts`, `${name}/index.ts`]
		.map((candidate) => path.normalize(path.join(dir, candidate)))
		.find((candidate) => existsSync(candidate));

/** Every file reachable from `file` within nodes/, transport/ left out. */
export function importClosure(file) {
	const seen = new Set();
	const walk = (at) => {
		if (seen.has(at) || !at.startsWith('nodes/') || at.startsWith(EXCLUDED)) return;
		seen.add(at);
		for (const next of importsOf(at)) walk(next);
	};
	walk(path.normalize(file));
	return [...seen];
}

/**
 * The import circles among `files` (each a list of files that reach one another), found with
 * Tarjan's strongly connected components; type-only imports count, as they tie the ideas too.
 */
export function importCircles(files) {
	const edges = new Map(files.map((file) => [file, importsOf(file)]));
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const circles = [];
	const strong = (file) => {
		index.set(file, index.size);
		low.set(file, index.get(file));
		stack.push(file);
		onStack.add(file);
		for (const next of edges.get(file) ?? []) {
			if (!index.has(next)) {
				strong(next);
				low.set(file, Math.min(low.get(file), low.get(next)));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
		}
		if (low.get(file) !== index.get(file)) return;
		const circle = [];
		let member;
		do {
			member = stack.pop();
			onStack.delete(member);
			circle.push(member);
		} while (member !== file);
		if (circle.length > 1) circles.push(circle.sort());
	};
	for (const file of files) if (!index.has(file)) strong(file);
	return circles;
}

export const linesOf = (files) =>
	files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1, 0);

if (import.meta.url === `file://${process.argv[1]}`) {
	const list = process.argv.includes('--list');
	for (const file of process.argv.slice(2).filter((arg) => !arg.startsWith('--'))) {
		const files = importClosure(file);
		console.log(`${file}: ${files.length} files, ${linesOf(files)} lines`);
		if (list) for (const each of files.sort()) console.log(`  ${each}`);
	}
}
