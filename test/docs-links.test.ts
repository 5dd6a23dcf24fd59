// The documentation holds together: every relative link of README.md and docs/*.md leads to a file
// that exists, and every #anchor to a heading of its page (as GitHub names headings); every page of
// docs/ is linked from the README; every variable of .env.example is documented in the README or
// docs/operations.md. Absolute links (https:, mailto:) are not followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import t from 'tap';
import { projectPath } from '../src/paths.js';

/** Text without fenced code blocks (their `# comments` are no headings, their brackets no links). */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading's text: lower case, punctuation gone, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated one gets -1, -2, ... as on GitHub). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The link targets of a Markdown text, outside code: [text](target) and ![alt](target). */
export function links(markdown: string): string[] {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

const PAGES = ['README.md', ...readdirSync(projectPath('docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(projectPath(file), 'utf8');

t.test('the link checker reads Markdown as GitHub does', async (t) => {
  t.equal(slug('2. The pages: `web/src/games/third-game/`'), '2-the-pages-websrcgamesthird-game');
  t.equal(slug("With PostgreSQL's own pg_dump"), 'with-postgresqls-own-pg_dump');
  t.equal(slug('Outages, and what an operator sees'), 'outages-and-what-an-operator-sees');
  t.same([...anchors('# A\n```sh\n# not a heading\n```\n## B b\n## B b\n')], ['a', 'b-b', 'b-b-1']);
  t.same(links('[a](x.md#y) `[b](not.md)` ![c](p.png) [d](https://e.org) <https://f.org>\n```\n[g](h.md)\n```'), ['x.md#y', 'p.png', 'https://e.org']);
});

t.test('every relative link of the README and docs/ leads somewhere', async (t) => {
  let checked = 0;
  for (const page of PAGES) {
    for (const target of links(read(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : relative(projectPath(), join(dirname(projectPath(page)), decodeURIComponent(path)));
      checked++;
      if (!existsSync(projectPath(file))) {
        t.fail(`${page}: ${target} (${file} does not exist)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(projectPath(file)).isDirectory() || !file.endsWith('.md')) {
        t.fail(`${page}: ${target} (an anchor in a file that is not Markdown)`);
        continue;
      }
      t.ok(anchors(read(file)).has(anchor), `${page}: ${target}`);
    }
  }
  t.ok(checked > 50, `${checked} relative links checked`);
});

t.test('the README links every page of docs/', async (t) => {
  const fromReadme = new Set(links(read('README.md')).map((l) => l.split('#')[0]));
  for (const page of PAGES.filter((p) => p !== 'README.md')) t.ok(fromReadme.has(page), `README.md links ${page}`);
});

t.test('every variable of .env.example is documented', async (t) => {
  const variables = [...new Set([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!))];
  t.ok(variables.length >= 15, `${variables.length} variables`);
  const documented = read('README.md') + read('docs/operations.md');
  for (const v of variables) t.match(documented, `\`${v}\``, `${v} is in the README or docs/operations.md`);
});
