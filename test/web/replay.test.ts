// Replay, records and dice in real Chromium (issues 27 and 29): a running game stepped through on
// a player's page, entry by entry and turn by turn, each step drawn as the API's position for that
// player (the entry's lines, every location's blocks, the blocks named); a finished game replayed
// whole (nothing face down), its record downloaded from the page as the API serves it, its dice
// verified on its page, and records checked on /verify, online, on a laptop and a phone: each of
// the three checks shown (a changed seed, changed names and a game made up offline fail, each
// check saying why; screenshots in /tmp/alea-verify-*.png).
import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { look, startGame, type Seated, type Started } from '../helpers/api.js';
import { boardTests } from '../helpers/board-walk.js';
import { chooser } from '../helpers/chooser.js';
import { axe, LAPTOP, person, PHONE, realErrors, type Watched } from '../helpers/browser.js';
import { seedCommitment } from '../../src/engine/kit/dice.js';
import { testSeed } from '../helpers/seeds.js';

const { server, browser } = await boardTests(t);

/** A page signed in as `u` on game `id`, its board drawn. */
async function open(b: Browser, u: Seated, id: string): Promise<Watched> {
  const w = await person(b, server.base, LAPTOP);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  await w.page.goto(`/games/${id}`);
  await w.page.locator('svg.map [data-location]').first().waitFor();
  return w;
}

async function ok(u: Seated, path: string): Promise<any> {
  const res = await u.client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Random legal actions by whoever is pending, until `done` says so (or the game ends). */
async function play(g: Started, seed: number, done: () => Promise<boolean>, limit = 400): Promise<void> {
  const pick = chooser(seed);
  for (let k = 0; k < limit && !(await done()); k++) {
    const any = await look(g.caesar, g.id);
    if (any.status !== 'active') return;
    const role = any.pending[pick(any.pending.length)] as string;
    const mine = await look(g.byRole[role]!, g.id);
    const { label: _l, ...action } = mine.legalActions[pick(mine.legalActions.length)];
    const res = await g.byRole[role]!.client.post(`/v1/games/${g.id}/actions`, { action, version: mine.version });
    if (res.status !== 200) throw new Error(`${JSON.stringify(action)}: ${res.status} ${res.text}`);
  }
}

/** The map's accessible names (locations, blocks, stacks). */
const mapLabels = (page: Page) => page.$$eval('svg.map [aria-label]', (els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

/** Blocks per location as the map says ("Roma, 2 VP, …, 3 blocks"). */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const pairs = await page.$$eval('svg.map [data-location]', (els) => els.map((e) => [e.getAttribute('data-location'), e.getAttribute('aria-label')] as const));
  const out: Record<string, number> = {};
  for (const [loc, label] of pairs) {
    const m = /, (\d+) blocks?\b/.exec(label ?? '');
    if (loc && m) out[loc] = Number(m[1]);
  }
  return out;
}

function viewCounts(view: any): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of view.blocks) out[b.location] = (out[b.location] ?? 0) + 1;
  return out;
}

/** Waits for step n, then checks the page against the API's position n for this reader. */
async function checkStep(t: Test, page: Page, u: Seated, id: string, n: number, last: number): Promise<any> {
  await page.locator(`[data-testid="replay-entry"][data-n="${n}"]`).waitFor();
  const pos = await ok(u, `/v1/games/${id}/positions/${n}`);
  t.equal(await page.getByTestId('replay-step').innerText(), `Entry ${n} of ${last}`);
  const lines = await page.locator('[data-testid="replay-entry"] li').allInnerTexts();
  t.same(lines, [...pos.entry.log, ...(pos.entry.note ? [pos.entry.note] : [])], `entry ${n}: the lines the API's position gives`);
  t.same(await shownCounts(page), viewCounts(pos.view), `entry ${n}: every location's blocks as in the position`);
  const labels = (await mapLabels(page)).join('\n');
  const missing = pos.view.blocks.filter((b: any) => b.name && !labels.includes(`${b.side} ${b.name}`)).map((b: any) => b.name);
  t.same(missing, [], `entry ${n}: every block the position names is named on the map`);
  return pos;
}

const HEADING = /^— .* —$/;

t.test('a running game: a player steps through their own past views, entry by entry and turn by turn', async (t) => {
  const g = await startGame(server, { visibility: 'private' });
  const turns = async () => {
    const entries = (await ok(g.caesar, `/v1/games/${g.id}/record`)).entries;
    return { starts: entries.filter((e: any) => e.log.some((l: string) => HEADING.test(l))).map((e: any) => e.seq) as number[], last: entries.length as number };
  };
  // Play on until a second turn has begun, a few entries back: a turn step to take, and past it.
  await play(g, 5, async () => {
    const { starts, last } = await turns();
    return starts.some((s) => s > 1 && s < last - 2);
  });
  const { starts } = await turns();
  t.ok(starts.some((s) => s > 1), `turns begin at entries ${starts.join(', ')}`);
  const caesar = await open(browser, g.caesar, g.id);
  t.teardown(async () => {
    if (!t.passing()) await caesar.page.screenshot({ path: '/tmp/alea-replay-running.png', fullPage: true }).catch(() => {});
  });
  const record = await ok(g.caesar, `/v1/games/${g.id}/record`);
  const last = record.entries.length as number;
  await caesar.page.getByRole('button', { name: 'Replay the game' }).click();
  const bar = caesar.page.getByRole('region', { name: 'Replay' });
  await checkStep(t, caesar.page, g.caesar, g.id, 1, last);
  t.match(await caesar.page.locator('[aria-label="Game status"]').innerText(), /705 \(49 BC\)/, 'the game\'s own status line');
  t.same(await axe(caesar.page), [], 'axe (WCAG 2.2 AA): the replay');
  // Issue 41: a running game's past position offers no rematch and shows no live deadline.
  t.equal(await caesar.page.getByRole('button', { name: /rematch/i }).count(), 0, 'no rematch offered in the replay of a running game');
  t.notMatch(await caesar.page.locator('[aria-label="Game status"]').innerText(), /\bleft\b|overdue/, 'no deadline counting down at a past position');
  const upTo = Math.min(last, 12);
  for (let n = 2; n <= upTo; n++) {
    await bar.getByRole('button', { name: 'Next entry' }).click();
    await checkStep(t, caesar.page, g.caesar, g.id, n, last);
  }
  await bar.getByRole('button', { name: 'Previous entry' }).click();
  await checkStep(t, caesar.page, g.caesar, g.id, upTo - 1, last);
  // Turn by turn: to the entry that opens the next turn, and back to the one that opened this one.
  await bar.getByRole('button', { name: 'Start' }).click();
  await checkStep(t, caesar.page, g.caesar, g.id, 1, last);
  const next = starts.find((s) => s > 1)!;
  await bar.getByRole('button', { name: 'Next turn' }).click();
  const pos = await checkStep(t, caesar.page, g.caesar, g.id, next, last);
  t.ok(pos.entry.log.some((l: string) => HEADING.test(l)), `entry ${next} opens a turn`);
  await bar.getByRole('button', { name: 'Next entry' }).click();
  await checkStep(t, caesar.page, g.caesar, g.id, next + 1, last);
  await bar.getByRole('button', { name: 'Previous turn' }).click();
  await checkStep(t, caesar.page, g.caesar, g.id, next, last);
  // The last step is the game as Caesar sees it now; the opponent's blocks stay face down.
  await bar.getByRole('button', { name: 'End' }).click();
  const end = await checkStep(t, caesar.page, g.caesar, g.id, last, last);
  t.same(end.view, (await look(g.caesar, g.id)).view, 'the last position is Caesar\'s view now');
  t.ok((await mapLabels(caesar.page)).some((l) => /face down/.test(l)), 'Pompey\'s blocks face down while the game runs');
  t.equal(await caesar.page.getByRole('button', { name: 'Verify the dice' }).count(), 0, 'no dice to verify before the end');
  await bar.getByRole('button', { name: 'Back to the game' }).click();
  await caesar.page.getByRole('button', { name: 'Replay the game' }).waitFor();
  t.same(realErrors(caesar.errors), [], 'no console error');
});

t.test('a finished game: the whole board replayed, the record downloaded, the dice verified on its page and on /verify', async (t) => {
  const g = await startGame(server, { visibility: 'private' });
  let n = 0;
  await play(g, 9, async () => ++n > 14);
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const record = await ok(g.caesar, `/v1/games/${g.id}/record`);
  const last = record.entries.length as number;
  const caesar = await open(browser, g.caesar, g.id);
  t.teardown(async () => {
    if (!t.passing()) await caesar.page.screenshot({ path: '/tmp/alea-replay-finished.png', fullPage: true }).catch(() => {});
  });
  const page = caesar.page;

  // The dice, verified on the game's page (the check runs in the browser).
  await page.getByRole('button', { name: 'Verify the dice' }).click();
  const report = page.locator('.check-report');
  await report.waitFor();
  t.match(await report.innerText(), /Signature: .*: passed[\s\S]*Alea signed this record with its key[\s\S]*Commitment: .*: passed[\s\S]*The seed [0-9a-f]{12}… is the one committed to[\s\S]*It is the commitment Alea shows for its game[\s\S]*Replay: .*: passed[\s\S]*All \d+ entries replay[\s\S]*The record checks out/, 'the check holds, check by check, online');

  // The record, downloaded as the API serves it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the record (JSON)' }).click()]);
  t.equal(download.suggestedFilename(), `alea-game-${record.number}.json`);
  t.same(JSON.parse(readFileSync((await download.path())!, 'utf8')), record, 'the downloaded record is the API\'s');
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the transcript' }).click()]);
  t.match(readFileSync((await text.path())!, 'utf8'), /^Alea game #\d+: Julius Caesar\n[\s\S]*Result: Caesar wins \(Pompey resigned\)/);

  // The replay shows the whole board: Pompey's blocks by name, nothing face down.
  await page.getByRole('button', { name: 'Replay the game' }).click();
  const bar = page.getByRole('region', { name: 'Replay' });
  await checkStep(t, page, g.caesar, g.id, 1, last);
  t.notOk((await mapLabels(page)).some((l) => /face down/.test(l)), 'nothing face down once the game is over');
  await bar.getByRole('button', { name: 'Next entry' }).click();
  await checkStep(t, page, g.caesar, g.id, 2, last);
  await bar.getByRole('button', { name: 'End' }).click();
  const end = await checkStep(t, page, g.caesar, g.id, last, last);
  t.equal(end.full, true);
  await page.getByRole('heading', { name: `Your hand (${end.view.hands.Caesar.length})` }).waitFor();
  t.pass('Caesar\'s hand as it was at the end');
  t.match(await bar.innerText(), /Pompey resigned\./, 'the last entry: the resignation');
  t.match(await page.locator('[aria-label="Game status"]').innerText(), /Pompey resigned/, 'and the result');
  t.same(await axe(page), [], 'axe (WCAG 2.2 AA): the replay of a finished game');

  // /verify, for a signed-out visitor, on a laptop and a phone: the record checks; with another
  // seed, or names changed, or made up with a seed and commitment of its own, it fails, each
  // check saying why. Screenshots of each in /tmp.
  const forged = { ...record, players: record.players.map((p: any) => ({ ...p, name: `${p.name} the Great` })) };
  const { signature: _, ...unsigned } = record;
  const madeUp = { ...unsigned, id: '01900000-0000-7000-8000-0000000000ff', seed: testSeed(78), seedCommitment: seedCommitment(testSeed(78)) };
  for (const [device, viewport] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
    const verify = await person(browser, server.base, viewport);
    await verify.page.goto('/verify');
    const input = verify.page.getByLabel(/A game record/);
    const show = async (file: string, body: unknown, wait: string) => {
      await input.setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) });
      await verify.page.getByText(wait, { exact: false }).waitFor();
      return verify.page.locator('.check-report').innerText();
    };
    const checks = async () => verify.page.$$eval('[data-check]', (els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-check'), e.getAttribute('data-status')])));
    t.match(await show('good.json', record, 'The record checks out'), /It is the commitment Alea shows for its game/, `${device}: a signed-out visitor checks the record, online`);
    t.same(await checks(), { signature: 'passed', commitment: 'passed', replay: 'passed' });
    await verify.page.screenshot({ path: `/tmp/alea-verify-passing-${device}.png`, fullPage: true });
    t.same(await axe(verify.page), [], `axe (WCAG 2.2 AA): /verify, a record that holds (${device})`);
    t.match(await show('bad.json', { ...record, seed: testSeed(77) }, 'The check failed'), /The seed does not match the commitment/, `${device}: a changed seed fails`);
    t.same(await checks(), { signature: 'failed', commitment: 'failed', replay: 'failed' }, 'another seed, other dice: it does not replay either');
    t.match(await show('names.json', forged, 'The check failed'), /The check failed: signature: The record was changed after Alea signed it: its details/, `${device}: changed names fail their signature`);
    t.same(await checks(), { signature: 'failed', commitment: 'passed', replay: 'passed' }, 'and only it: the dice hold');
    const text = await show('made-up.json', madeUp, 'The check failed');
    t.match(text, /The record carries no signature/, `${device}: a game made up offline: no signature`);
    t.match(text, /Alea shows no finished game with the id 01900000-0000-7000-8000-0000000000ff/, 'and no such game on the server');
    t.same(await checks(), { signature: 'failed', commitment: 'failed', replay: 'failed' });
    await verify.page.screenshot({ path: `/tmp/alea-verify-failing-${device}.png`, fullPage: true });
    t.same(await axe(verify.page), [], `axe (WCAG 2.2 AA): /verify, a record that fails (${device})`);
    await show('x.json', 'not json', 'x.json is not JSON');
    const width = await verify.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    t.ok(width <= viewport.width, `${device}: nothing wider than the screen (${width} px)`);
    t.same(realErrors(verify.errors), [], 'no console error');
  }
  t.same(realErrors(caesar.errors), [], 'no console error');
});
