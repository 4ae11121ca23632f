/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- dev code: reads the Markdown files of this repository */
/**
 * Every link a user follows from the package resolves: the nodes' documentation links (codex),
 * the credential's, and the links between the README, its Japanese version and the pages in
 * docs/, anchors included, as GitHub renders them. Links to other sites are not fetched.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const REPOSITORY = 'https://github.com/n8n-nodes-makeleaps/n8n-nodes-makeleaps';

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');

/** The anchors of a Markdown file, with GitHub's -1, -2 suffixes for repeated headings. */
function anchorsOf(file: string): Set<string> {
	const anchors = new Set<string>();
	const counts = new Map<string, number>();
	let fenced = false;
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
		const seen = counts.get(base) ?? 0;
		counts.set(base, seen + 1);
		anchors.add(seen === 0 ? base : `${base}-${seen}`);
	}
	return anchors;
}

/** Where a link leads inside the repository (file and anchor), or undefined for another site. */
function target(link: string, from: string): { file: string; anchor?: string } | undefined {
	let local = link;
	if (link.startsWith(REPOSITORY)) {
		local = link.slice(REPOSITORY.length).replace(/^\/(blob|tree)\/main\//, '');
		if (local.startsWith('#') || local === '') local = `README.md${local}`;
		else if (local.startsWith('/')) return undefined;
		return split(path.join(ROOT, local));
	}
	if (/^[a-z]+:/i.test(link)) return undefined;
	if (link.startsWith('#')) return { file: from, anchor: link.slice(1) };
	return split(path.join(path.dirname(from), local));
}

function split(resolved: string) {
	const [file, anchor] = resolved.split('#');
	return { file, anchor };
}

const markdownFiles = [
	path.join(ROOT, 'README.md'),
	path.join(ROOT, 'README.ja.md'),
	...(existsSync(path.join(ROOT, 'docs'))
		? readdirSync(path.join(ROOT, 'docs'))
				.filter((name) => name.endsWith('.md'))
				.map((name) => path.join(ROOT, 'docs', name))
		: []),
];

const links: Array<[string, string]> = [];
for (const codex of ['MakeLeaps.node.json', 'MakeLeapsTrigger.node.json']) {
	const file = path.join(ROOT, 'nodes', 'MakeLeaps', codex);
	const text = readFileSync(file, 'utf8');
	for (const [, url] of text.matchAll(/"url":\s*"([^"]+)"/g)) links.push([file, url]);
}
const credential = path.join(ROOT, 'credentials', 'MakeLeapsApi.credentials.ts');
for (const [, url] of readFileSync(credential, 'utf8').matchAll(
	/documentationUrl\s*=\s*'([^']+)'/g,
))
	links.push([credential, url]);
for (const file of markdownFiles) {
	const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	for (const [, url] of text.matchAll(/\]\(([^)\s]+)\)/g)) links.push([file, url]);
}

test.each(links.map(([from, url]) => [path.relative(ROOT, from), url, from]))(
	'%s links to %s, which resolves',
	(_, url, from) => {
		const found = target(url, from);
		if (found === undefined) return;
		expect(existsSync(found.file)).toBe(true);
		if (found.anchor && found.file.endsWith('.md')) {
			expect([...anchorsOf(found.file)]).toContain(found.anchor);
		}
	},
);
