/**
 * n8n's community package scan (@n8n/scan-community-package), on this package before it is
 * published: the packed tarball, extracted (what n8n scans after download), and the sources of
 * nodes/ and credentials/ with package.json (what it scans from the repository the package's
 * provenance points at). Prints what it finds; exits 1 on any violation.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.join(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'makeleaps-scan-'));
try {
	const packed = execFileSync('npm', ['pack', '--pack-destination', folder, '--loglevel=error'], {
		cwd: root,
	})
		.toString()
		.trim()
		.split('\n')
		.pop();
	execFileSync('tar', ['-xzf', path.join(folder, packed), '-C', folder]);
	const legs = [
		// as n8n scans a download: compiled .js and package.json (declarations are the sources' job)
		[
			'the packed tarball',
			await analyzePackage(path.join(folder, 'package'), ['**/*.js', 'package.json']),
		],
		['the sources', await analyzePackage(root, SOURCE_FILE_PATTERNS)],
	];
	let failed = false;
	for (const [what, result] of legs) {
		console.log(`n8n community package scan of ${what}: ${result.passed ? 'passed' : 'FAILED'}`);
		if (!result.passed) {
			failed = true;
			console.log(result.message, result.details ?? '');
		}
	}
	process.exitCode = failed ? 1 : 0;
} finally {
	rmSync(folder, { recursive: true, force: true });
}
