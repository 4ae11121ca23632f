/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: reads the Markdown files of this repository */
/**
 * The README is a user's guide: at most 2,500 words, in the order a user needs it, with the two
 * commands that show the package working and prove it (the ones CI runs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const readme = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

test('at most 2,500 words', () => {
	expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2500);
});

test('sections in the order a user needs them', () => {
	const sections = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
	const order = [
		'Installation',
		'Credentials',
		'Usage: your first invoice',
		'Operations',
		'Examples',
	];
	expect(sections.filter((name) => order.includes(name))).toEqual(order);
});

test('the two commands of a fresh machine: the demo and the tests', () => {
	expect(readme).toMatch(/^npm run demo\b/m);
	expect(readme).toMatch(/^npm test\b/m);
});
