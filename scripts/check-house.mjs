/**
 * The house's measures, checked by `npm run lint` (DEVELOPMENT.md, "The house"):
 * - MakeLeaps paths (`/api/partner`) are written only in nodes/MakeLeaps/api/ and transport/;
 * - no file in nodes/ or sandbox/ is over 300 lines;
 * - no function in nodes/ or sandbox/ is over 60 lines, editor descriptions (`*.fields.ts`,
 *   `*.resource.ts`) aside;
 * - no folder of nodes/, sandbox/ or test/ holds more than 12 files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
const MAX_FOLDER_FILES = 12;
const PATH_HOMES = ['nodes/MakeLeaps/api/', 'nodes/MakeLeaps/transport/'];

const filesUnder = (dir) =>
	readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? filesUnder(full) : [full];
	});

/** A string or a piece of a template string: where a path would be written. */
const isText = (node) =>
	ts.isStringLiteral(node) ||
	ts.isNoSubstitutionTemplateLiteral(node) ||
	ts.isTemplateLiteralToken(node);
/** The name of a module in an import or export: `'../api/partners'` names a module, not a path. */
const isModuleName = (node) =>
	ts.isImportDeclaration(node.parent) ||
	ts.isExportDeclaration(node.parent) ||
	ts.isExternalModuleReference(node.parent);

const problems = [];
const code = ['nodes', 'sandbox'].flatMap(filesUnder).filter((file) => file.endsWith('.ts'));

for (const file of code) {
	const text = readFileSync(file, 'utf8');
	const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
	if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const writesPaths =
		file.startsWith('nodes/') && !PATH_HOMES.some((home) => file.startsWith(home));
	const measuresFunctions = !/\.(fields|resource)\.ts$/.test(file);
	const visit = (node) => {
		if (writesPaths && isText(node) && node.text.includes('/api/partner') && !isModuleName(node)) {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			problems.push(`${file}:${line + 1}: writes a MakeLeaps path (/api/partner); only api/ does`);
		}
		if (measuresFunctions && ts.isFunctionLike(node) && 'body' in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const length = last - first + 1;
			if (length > MAX_FUNCTION_LINES) {
				const name = node.name?.getText(source) ?? '(anonymous)';
				problems.push(
					`${file}:${first + 1}: ${name} is ${length} lines (at most ${MAX_FUNCTION_LINES})`,
				);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
}

const folders = new Map();
for (const file of ['nodes', 'sandbox', 'test'].flatMap(filesUnder)) {
	if (file.includes('node_modules')) continue;
	const dir = path.dirname(file);
	folders.set(dir, (folders.get(dir) ?? 0) + 1);
}
for (const [dir, count] of folders)
	if (count > MAX_FOLDER_FILES)
		problems.push(`${dir}/: ${count} files (at most ${MAX_FOLDER_FILES})`);

if (problems.length > 0) {
	console.error(`The house's measures (scripts/check-house.mjs):\n${problems.join('\n')}`);
	process.exit(1);
}
console.log(`The house's measures hold: ${code.length} files in nodes/ and sandbox/.`);
