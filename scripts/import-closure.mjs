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
function importsOf(file) {
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
