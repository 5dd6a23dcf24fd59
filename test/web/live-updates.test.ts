// The game page follows the game's event stream with one read at a time: versions announced
// while a read is under way are caught up by one more read after it, not one read (and one
// render of the board) each.
import t, { type Test } from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { Client } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { chromiumPresent, INSTALL_HINT, launch, person, privateGameOverApi } from '../helpers/browser.js';
import { listen, testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

t.test('twenty moves while the page reads the game: it reads at most three times and shows the last', async (t: Test) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const anon = new Client(base);
  const { id, tokens } = await privateGameOverApi(base, 'Livia', 'Octavia');

  const browser = await launch(t);
  const w = await person(browser, base);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), tokens.Caesar);
  await w.page.goto(`/games/${id}`);
  await w.page.getByRole('heading', { name: /Discard one card/ }).waitFor();

  // From here the page's reads of the game wait until every move is made.
  const isRead = (u: string, method: string) => method === 'GET' && new URL(u).pathname === `/v1/games/${id}`;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let reads = 0;
  await w.page.route((u) => u.pathname === `/v1/games/${id}`, async (route) => {
    if (route.request().method() === 'GET') {
      reads++;
      await released;
    }
    await route.continue();
  });
  const seen: number[] = [];
  w.page.on('response', (r) => {
    if (isRead(r.url(), r.request().method())) void r.json().then((g) => seen.push(g.version), () => {});
  });

  const pick = chooser(3);
  let game: any = (await anon.withToken(tokens.Caesar).get(`/v1/games/${id}`)).body;
  for (let n = 0; n < 20 && game.status === 'active'; n++) {
    const role = game.pending[pick(game.pending.length)] as string;
    const client = anon.withToken(tokens[role as 'Caesar' | 'Pompey']);
    const mine = game.role === role ? game : (await client.get(`/v1/games/${id}`)).body;
    const { label: _label, ...action } = mine.legalActions[pick(mine.legalActions.length)];
    const res = await client.post(`/v1/games/${id}/actions`, { action, version: mine.version });
    t.equal(res.status, 200, `move ${n + 1}`);
    game = res.body;
  }
  const last = game.version as number;
  // The stream has told the page of every move (it reads once, held; the rest wait for it).
  await new Promise((r) => setTimeout(r, 1000));
  release();
  for (let i = 0; i < 100 && !seen.includes(last); i++) await new Promise((r) => setTimeout(r, 100));
  t.ok(seen.includes(last), `the page read the last version (${last}); it read ${JSON.stringify(seen)}`);
  await new Promise((r) => setTimeout(r, 500));
  t.ok(reads >= 1 && reads <= 3, `20 moves, ${reads} reads`);
  t.same(w.errors, [], 'no console errors');
});
