/**
 * The house's measures, checked by `npm run lint` (DEVELOPMENT.md, "The house"):
 * - MakeLeaps paths (`/api/partner`) are written only in nodes/MakeLeaps/api/ and transport/;
 * - requests are sent only there too: elsewhere no call of the transport's `request`, `getAll`,
 *   `download`, `downloadTraced`, `upload` or `url`, and no path builder (`…Path`) taken from
 *   api/ but those that make a URL to compare or to show (SHOWN_PATHS);
 * - operations (actions/) reach n8n only through their item's handle (`op.input`, `op.timeZone`,
 *   `op.fileOf`…): no `.n8n` there;
 * - no function in nodes/, sandbox/, dev/ or the test helpers (test/ but the `*.test.ts` files)
 *   is over 60 lines, editor descriptions (`*.fields.ts`, `*.resource.ts`) aside.
 * - dependencies point down (DEVELOPMENT.md, "The house"): no file of nodes/MakeLeaps/ imports
 *   from a floor above its own, and no files import one another around a circle.
 * Those fail the lint. Two more only warn, as guides rather than walls: a file over 300 lines,
 * a folder of nodes/, sandbox/, dev/ or test/ with more than 12 files. It also prints the size
 * of one row's way: the files Document → Create or Update needs within nodes/ (transport/ aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

import { importCircles, importClosure, importsOf, linesOf } from './import-closure.mjs';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
const MAX_FOLDER_FILES = 12;
const PATH_HOMES = ['nodes/MakeLeaps/api/', 'nodes/MakeLeaps/transport/'];
/** The transport's calls that send a request or make its URL: api/'s alone. */
const REQUEST_CALLS = new Set(['request', 'getAll', 'download', 'downloadTraced', 'upload', 'url']);
/**
 * The path builders of api/ used elsewhere, to make a URL that is compared or shown, never sent:
 * model/locators.ts (a record's URL pasted in a locator, a link in a body) and the URL patterns of
 * actions/common.fields.ts; Account → Check's verdicts name the address a check read.
 */
const SHOWN_PATHS = new Set([
	...['clientPath', 'clientsPath', 'contactPath', 'contactsPath', 'tagPath'],
	...['documentPath', 'documentsPath', 'documentPdfPath', 'sendingOrderPath', 'sendingOrdersPath'],
	...['templatesPath', 'catalogItemsPath', 'pickupLinksPath'],
]);

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
/** A call of a transport's request (`x.request(…)`, `x.getAll(…)`…), by its name. */
const requestCall = (node) =>
	ts.isCallExpression(node) &&
	ts.isPropertyAccessExpression(node.expression) &&
	REQUEST_CALLS.has(node.expression.name.text);
/** A path builder imported from api/ (`import { clientsPath } from '../api/clients'`). */
const pathImports = (node) =>
	ts.isImportDeclaration(node) && /\/api\//.test(node.moduleSpecifier.text)
		? (node.importClause?.namedBindings?.elements ?? [])
				.map((element) => (element.propertyName ?? element.name).text)
				.filter((name) => /Path$/.test(name) && !SHOWN_PATHS.has(name))
		: [];

/** The name of a module in an import or export: `'../api/partners'` names a module, not a path. */
const isModuleName = (node) =>
	ts.isImportDeclaration(node.parent) ||
	ts.isExportDeclaration(node.parent) ||
	ts.isExternalModuleReference(node.parent);

const problems = [];
const warnings = [];
const isHelper = (file) => file.startsWith('test/') && !file.endsWith('.test.ts');
const code = ['nodes', 'sandbox', 'dev', 'test']
	.flatMap(filesUnder)
	.filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
	.filter((file) => !file.startsWith('test/') || isHelper(file));

for (const file of code) {
	const text = readFileSync(file, 'utf8');
	const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
	if (lines > MAX_FILE_LINES) warnings.push(`${file}: ${lines} lines (a guide: ${MAX_FILE_LINES})`);
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const writesPaths =
		file.startsWith('nodes/') && !PATH_HOMES.some((home) => file.startsWith(home));
	const measuresFunctions = !/\.(fields|resource)\.ts$/.test(file);
	const isOperations = file.startsWith('nodes/MakeLeaps/actions/');
	const visit = (node) => {
		if (writesPaths && isText(node) && node.text.includes('/api/partner') && !isModuleName(node)) {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			problems.push(`${file}:${line + 1}: writes a MakeLeaps path (/api/partner); only api/ does`);
		}
		if (writesPaths && requestCall(node)) {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const call = node.expression.name.text;
			problems.push(`${file}:${line + 1}: calls the transport's ${call}; only api/ does`);
		}
		if (isOperations && ts.isPropertyAccessExpression(node) && node.name.text === 'n8n') {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			problems.push(`${file}:${line + 1}: reaches n8n's context; use the item's handle (op)`);
		}
		for (const name of writesPaths ? pathImports(node) : []) {
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			problems.push(`${file}:${line + 1}: takes the path ${name} from api/; call api/ instead`);
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

/** The floors of nodes/MakeLeaps/, lowest first: a file imports from its own floor or lower. */
const FLOORS = ['words', 'transport', 'api', 'model', 'run', 'actions', 'trigger'];
const floorOf = (file) => {
	const folder = /^nodes\/MakeLeaps\/([^/]+)\//.exec(file)?.[1];
	// methods/ stands beside run/; the node files are the top floor
	const floor = FLOORS.indexOf(folder === 'methods' ? 'run' : (folder ?? ''));
	return floor < 0 ? FLOORS.length : floor;
};
const nodeFiles = code.filter((file) => file.startsWith('nodes/'));
for (const file of nodeFiles)
	for (const imported of importsOf(file))
		if (floorOf(imported) > floorOf(file))
			problems.push(`${file}: imports ${imported}, a floor above it; move the shared idea down`);
for (const circle of importCircles(nodeFiles))
	problems.push(`Import circle: ${circle.join(' -> ')}; move the shared idea down a floor`);

const folders = new Map();
for (const file of ['nodes', 'sandbox', 'dev', 'test'].flatMap(filesUnder)) {
	if (file.includes('node_modules')) continue;
	const dir = path.dirname(file);
	folders.set(dir, (folders.get(dir) ?? 0) + 1);
}
for (const [dir, count] of folders)
	if (count > MAX_FOLDER_FILES)
		warnings.push(`${dir}/: ${count} files (a guide: ${MAX_FOLDER_FILES})`);

const ROW = 'nodes/MakeLeaps/actions/document/createOrUpdate.operation.ts';
const rowFiles = importClosure(ROW);
if (warnings.length > 0)
	console.warn(`The house's guides, to keep in mind (not failures):\n${warnings.join('\n')}`);
console.log(
	`A row's way (${ROW}): ${rowFiles.length} files, ${linesOf(rowFiles)} lines within nodes/ (transport/ aside).`,
);
if (problems.length > 0) {
	console.error(`The house's measures (scripts/check-house.mjs):\n${problems.join('\n')}`);
	process.exit(1);
}
console.log(
	`The house's measures hold: ${code.length} files in nodes/, sandbox/, dev/ and test helpers.`,
);
