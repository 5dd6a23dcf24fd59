// The web client in real Chromium, two browser contexts as the two players: sign up, a private
// game, the invite link, discards, sealed card plays (one changed), Player 1's move on the map,
// a battle fought through the battle panel, live updates, the end of the game. Along the way:
// Caesar's page never holds Pompey's secrets (DOM and every response), axe-core finds no serious
// or critical violation, and no console error.
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/app/clock.js';
import { BLOCKS } from '../../src/engine/julius-caesar/data/blocks.js';
import { Client, playUntilUnderway } from '../helpers/api.js';
import { battleButtons, battlePanel, clickPlace, pickBlock } from '../helpers/board.js';
import { chooser } from '../helpers/chooser.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, person, privateGameOverApi, signUpIn, type Watched } from '../helpers/browser.js';
import { listen, testServer, type TestServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

const email = emailFor;
const signUp = signUpIn;

/** The token the page keeps (to read the game through the API as that player would). */
const tokenOf = (p: Page) => p.evaluate(() => (globalThis as any).localStorage.getItem('alea.token')) as Promise<string>;

/** What the engine hides from Caesar right now: Pompey's hand, sealed card, discard, hidden blocks. */
async function pompeySecrets(s: TestServer, id: string, caesarView: any): Promise<string[]> {
  const snap = await s.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: id } });
  const state = snap.state as any;
  const shown = new Set<string>();
  for (const c of Object.values(caesarView.cards as Record<string, { card: string | null }>)) if (c.card) shown.add(c.card);
  for (const b of caesarView.blocks as { id?: string }[]) if (b.id) shown.add(b.id);
  const cards = [...state.hand.Pompey, state.discard.Pompey, state.sealed.Pompey].filter((c: string | null) => c && !shown.has(c));
  const blocks = BLOCKS.filter((b, i) => state.side[i] === 'Pompey' && state.str[i] > 0 && !shown.has(b.id)).map((b) => b.id);
  return [...cards, ...blocks];
}

/** Polls until f() is true (30 s at most). */
async function waitFor(f: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (await f()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const word = (s: string) => new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);

t.test('two players play in the browser: invite, cards, a move, a battle, the end', async (t: Test) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const browser = await launch(t);
  const caesar = await person(browser, base);
  const pompey = await person(browser, base);
  t.teardown(async () => {
    if (t.passing()) return;
    // What each player saw when the test failed.
    await caesar.page.screenshot({ path: '/tmp/alea-web-caesar.png', fullPage: true }).catch(() => {});
    await pompey.page.screenshot({ path: '/tmp/alea-web-pompey.png', fullPage: true }).catch(() => {});
  });
  const bodies: { url: string; body: string }[] = [];
  caesar.page.on('response', async (r) => {
    if (r.request().resourceType() === 'eventsource') return;
    try {
      bodies.push({ url: r.url(), body: await r.text() });
    } catch {
      // a response without a body (redirect, aborted)
    }
  });
  const checkHidden = async (stage: string) => {
    const api = new Client(base, await tokenOf(caesar.page));
    const view = (await api.get(`/v1/games/${id}`)).body.view;
    const secrets = await pompeySecrets(s, id, view);
    const dom = await caesar.page.content();
    const leaks = secrets.filter((x) => word(x).test(dom));
    t.same(leaks, [], `${stage}: Caesar's page shows none of Pompey's secrets`);
    const netLeaks = bodies.filter((b) => !b.url.includes('/v1/catalog/')).flatMap((b) => secrets.filter((x) => word(x).test(b.body)).map((x) => `${x} in ${b.url}`));
    t.same(netLeaks, [], `${stage}: no response to Caesar's page holds Pompey's secrets`);
    t.ok(secrets.length > 5, `${stage}: there are secrets to keep (${secrets.length})`);
  };
  const axeClean = async (w: Watched, stage: string) => t.same(await axe(w.page), [], `axe: ${stage}`);

  // Caesar signs up from the landing page and creates a private game.
  await caesar.page.goto('/');
  await t.resolves(caesar.page.getByRole('heading', { name: /block wargames by email/ }).waitFor());
  await axeClean(caesar, 'landing page');
  await signUp(caesar.page, 'Marcus', email('marcus'));
  await caesar.page.getByRole('heading', { name: 'Welcome, Marcus' }).waitFor();
  await axeClean(caesar, 'home page');
  await caesar.page.getByLabel('My side').selectOption('Caesar');
  await caesar.page.getByRole('button', { name: 'Create the game' }).click();
  const inviteInput = caesar.page.getByLabel(/Invite link/);
  await inviteInput.waitFor();
  await axeClean(caesar, 'open game with invite');
  const invite = await inviteInput.inputValue();
  const id = /\/games\/([^/?]+)/.exec(caesar.page.url())![1]!;
  t.match(invite, new RegExp(`/games/${id}\\?invite=`), 'the invite link opens this game');

  // Pompey opens the invite link signed out: he creates his account there, which joins the game.
  const inviteUrl = new URL(invite);
  await pompey.page.goto(inviteUrl.pathname + inviteUrl.search);
  await pompey.page.waitForURL(/\/signin\?next=/);
  await pompey.page.getByText('Marcus invites you to a game of Julius Caesar: you would play Pompey.').waitFor();
  t.pass('signed out, the invite link says who invites to which game, and the side');
  await axeClean(pompey, 'sign-in page of an invite link');
  await signUp(pompey.page, 'Gnaeus', email('gnaeus'));
  await pompey.page.waitForURL((u) => u.pathname === `/games/${id}`);

  // Both boards: the year's discard.
  for (const w of [caesar, pompey]) await w.page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  t.equal(new URL(pompey.page.url()).search, '', 'once joined, the invite code leaves the address (issue 41)');
  t.equal(new URL(pompey.page.url()).pathname, `/games/${id}`);
  await caesar.page.reload();
  await caesar.page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  await checkHidden('discard');
  // Each browser drew its player's seed for the dice (crypto.getRandomValues), not the server.
  const seats = (await new Client(base, await tokenOf(caesar.page)).get(`/v1/games/${id}`)).body.players;
  t.same(seats.map((p: any) => p.playerSeedBy), ['player', 'player'], 'both players\' seeds come from their browsers');
  t.not(seats[0].playerSeed, seats[1].playerSeed);
  await axeClean(caesar, 'board, discard');
  await caesar.page.locator('.hand button.gcard').first().click();
  await caesar.page.getByText(/You have discarded .*; you may change it until Pompey discards/).waitFor();
  await pompey.page.getByText('Waiting for Caesar').waitFor({ state: 'detached' });
  await pompey.page.locator('.hand button.gcard').first().click();

  // Card play: Caesar plays, changes his mind (sealed), Pompey sees only that a card is in.
  for (const w of [caesar, pompey]) await w.page.getByRole('heading', { name: 'Cards', exact: true }).waitFor();
  const playable = caesar.page.locator('.hand button.gcard:not([disabled])');
  await playable.first().click();
  await caesar.page.getByText(/You have played .*; you may change it until Pompey plays/).waitFor();
  const first = await caesar.page.locator('.hand .gcard.chosen').textContent();
  await caesar.page.locator('.hand button.gcard:not([disabled])').last().click();
  await caesar.page.waitForFunction((before) => (globalThis as any).document.querySelector('.hand .gcard.chosen')?.textContent !== before, first);
  t.not(await caesar.page.locator('.hand .gcard.chosen').textContent(), first, 'Caesar changed his sealed card');
  await pompey.page.getByText('Caesar has played a card.').waitFor();
  await checkHidden('sealed plays');
  await axeClean(caesar, 'board, card play');
  // The second card reveals both: it asks first (issue 41), and Cancel plays nothing.
  await pompey.page.locator('.hand button.gcard:not([disabled])').first().click();
  const ask = pompey.page.getByRole('heading', { name: /^Play .+\?$/ });
  await ask.waitFor();
  t.match(await pompey.page.locator('#sheet-title + p').innerText(), /Caesar has played a card: both cards are then revealed/, 'the second card asks first');
  await pompey.page.getByRole('button', { name: 'Cancel' }).click();
  await ask.waitFor({ state: 'detached' });
  t.equal((await new Client(base, await tokenOf(pompey.page)).get(`/v1/games/${id}`)).body.view.cards.Pompey.played, false, 'Cancel played nothing');
  await axeClean(pompey, 'board, the second card asks first');
  await pompey.page.locator('.hand button.gcard:not([disabled])').first().click();
  await pompey.page.locator('.map-sheet').getByRole('button', { name: /^Play / }).click();
  // The reveal: both see both cards and Player 1.
  for (const w of [caesar, pompey]) await w.page.getByText(/^Player 1:/).first().waitFor();

  const api = { Caesar: new Client(base, await tokenOf(caesar.page)), Pompey: new Client(base, await tokenOf(pompey.page)) };
  const look = async (role: 'Caesar' | 'Pompey') => (await api[role].get(`/v1/games/${id}`)).body;
  const g = await look('Caesar');
  const p1 = g.view.p1 as 'Caesar' | 'Pompey';
  const p1w = p1 === 'Caesar' ? caesar : pompey;
  const other = p1 === 'Caesar' ? pompey : caesar;
  t.ok(p1, `Player 1 is ${p1}`);

  // Player 1 moves a block on the map: select it, its destinations light up, click one.
  const mine = await look(p1);
  const move = mine.legalActions.find((a: any) => a.type === 'move');
  t.ok(move, 'Player 1 may move');
  const lastEntry = () => other.page.evaluate(() => Number((globalThis as any).document.querySelector('ol.log li:last-child .n')?.textContent ?? 0));
  const logBefore = await lastEntry();
  await pickBlock(p1w.page, move.block);
  const dest = move.path[move.path.length - 1];
  // The selected block's destinations light up; the highlighted location is a button.
  const target = p1w.page.locator(`[data-location="${dest}"].target`);
  await target.waitFor();
  t.equal(await target.getAttribute('role'), 'button', 'the destination is highlighted as a button');
  await clickPlace(p1w.page, dest);
  const choice = p1w.page.getByRole('heading', { name: 'Which one?' });
  if (await choice.isVisible()) await p1w.page.locator('.map-sheet button').first().click();
  const moved = await waitFor(async () => {
    const now = await look(p1);
    return now.version > mine.version && now.view.blocks.find((b: any) => b.id === move.block)?.location === dest;
  });
  t.ok(moved, `${move.block} moved to ${dest} through the map`);
  // The other player's page updates live (no reload): the log grows.
  await other.page.waitForFunction((n) => Number((globalThis as any).document.querySelector('ol.log li:last-child .n')?.textContent ?? 0) > n, logBefore);
  t.pass('the opponent page updated live');

  await checkHidden('command');

  // A levy through the page: a block of the pool, then a highlighted city.
  const afterMove = await look(p1);
  const levy = afterMove.legalActions.find((a: any) => a.type === 'levy');
  if (levy) {
    await p1w.page.locator(`[aria-label="Levy pools"] [data-block="${levy.block}"]`).click();
    await p1w.page.locator(`[data-location="${levy.city}"].target`).waitFor();
    await clickPlace(p1w.page, levy.city);
    const choice = p1w.page.getByRole('heading', { name: 'Which one?' });
    if (await choice.isVisible()) await p1w.page.locator('.map-sheet button').first().click();
    t.ok(await waitFor(async () => (await look(p1)).view.blocks.some((b: any) => b.id === levy.block && b.location === levy.city)), `${levy.block} levied in ${levy.city} through the page`);
  } else t.comment('Player 1 played a card without levies: no levy to try');

  // On to a battle through the API (seeded choices, attacks first), then fight it in the browser.
  const pages = { Caesar: caesar, Pompey: pompey };
  const pick = chooser(3);
  let guard = 0;
  for (;;) {
    const cur = await look('Caesar');
    if (cur.status !== 'active') break;
    if (cur.view.battle) break;
    const role = cur.pending[pick(cur.pending.length)] as 'Caesar' | 'Pompey';
    const g = await look(role);
    const enemyAt = new Set(g.view.blocks.filter((b: any) => b.side !== role).map((b: any) => b.location));
    const attacks = g.legalActions.filter((a: any) => a.type === 'move' && enemyAt.has(a.path[a.path.length - 1]));
    const a = attacks.length ? attacks[pick(attacks.length)] : g.legalActions[pick(g.legalActions.length)];
    const { label: _label, ...action } = a;
    const res = await api[role].post(`/v1/games/${id}/actions`, { action, version: g.version });
    t.equal(res.status, 200, 'an action on the way to a battle', { action, detail: res.body?.detail });
    if (++guard > 400) throw new Error('no battle after 400 actions');
  }
  const atBattle = await look('Caesar');
  t.ok(atBattle.view.battle, `a battle at ${atBattle.view.battle?.location}`);
  for (const w of [caesar, pompey]) await battlePanel(w.page).waitFor();
  t.pass('both players see the battle panel');
  await axeClean(caesar, 'board, battle');
  await checkHidden('battle');
  // The battle is fought in its panel: each step, the player whose turn it is presses the button
  // named by one of their legal actions (by keyboard every other time).
  let uiActions = 0;
  let sawDice = false;
  for (;;) {
    const cur = await look('Caesar');
    if (!cur.view.battle || cur.status !== 'active') break;
    const role = cur.pending[0] as 'Caesar' | 'Pompey';
    const g = await look(role);
    const w = pages[role];
    const a = g.legalActions[pick(g.legalActions.length)];
    t.same(await battleButtons(w.page, [a.label]), [], `${role}: “${a.label}” is a button in the battle panel`);
    const button = battlePanel(w.page).getByRole('button', { name: a.label, exact: true }).first();
    if (uiActions % 2) {
      await button.focus();
      await button.press('Enter');
    } else await button.click();
    t.ok(await waitFor(async () => (await look(role)).version > g.version), `${role}: ${a.type} through the battle panel`);
    sawDice ||= (await battlePanel(caesar.page).locator('.die').count()) > 0;
    if (++uiActions > 200) throw new Error('the battle does not end');
  }
  t.ok(uiActions > 0, `the battle was fought in the browser (${uiActions} actions)`);
  t.ok(sawDice, 'the dice of this battle were shown in its panel');

  // On to turn 2 through the API (a resignation in turn 1 would abort the game), then Caesar
  // resigns (with confirmation); both see the result.
  await playUntilUnderway([{ client: api.Caesar }, { client: api.Pompey }], id);
  caesar.page.once('dialog', (d) => void d.accept());
  await caesar.page.getByRole('button', { name: 'Resign' }).click();
  await caesar.page.getByText(/Pompey won\./).waitFor();
  await pompey.page.getByText(/You won!/).waitFor();
  // Issue 41: the outcome is the log's last entry, and nothing asks for a move any more.
  for (const w of [caesar, pompey]) {
    await w.page.locator('ol.log li').filter({ hasText: 'Caesar resigned: Pompey wins.' }).waitFor();
    t.equal(await w.page.getByText(/Choose a card|Discard one card|you may change it|has played a card/).count(), 0, 'no prompt once the game is over');
    t.equal(await w.page.locator('.hand button.gcard').count(), 0, 'no card to play');
  }
  await axeClean(pompey, 'finished game');
  t.same(caesar.errors, [], 'no console errors on Caesar’s page');
  t.same(pompey.errors, [], 'no console errors on Pompey’s page');
});

t.test('a game played to its end through the API: both open pages show the result live', async (t: Test) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const anon = new Client(base);
  const { id, tokens } = await privateGameOverApi(base, 'Julia', 'Cornelia');
  const browser = await launch(t);
  const players = { Caesar: { w: await person(browser, base), token: tokens.Caesar }, Pompey: { w: await person(browser, base), token: tokens.Pompey } };
  for (const p of Object.values(players)) {
    await p.w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), p.token);
    await p.w.page.goto(`/games/${id}`);
    await p.w.page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  }
  const pick = chooser(11);
  let game: any = (await anon.withToken(tokens.Caesar).get(`/v1/games/${id}`)).body;
  let actions = 0;
  while (game.status === 'active') {
    const role = game.pending[pick(game.pending.length)] as 'Caesar' | 'Pompey';
    const client = anon.withToken(players[role].token);
    // The answer to the last action is that player's game: read it again only for the other.
    const mine = game.role === role ? game : (await client.get(`/v1/games/${id}`)).body;
    const { label: _label, ...action } = mine.legalActions[pick(mine.legalActions.length)];
    const res = await client.post(`/v1/games/${id}/actions`, { action, version: mine.version });
    if (res.status !== 200) throw new Error(`action: ${res.status} ${res.text}`);
    game = res.body;
    if (++actions > 5000) throw new Error('the game does not end');
  }
  t.ok(game.outcome, `the game ended after ${actions} actions: ${game.outcome?.reason}`);
  const winner = game.outcome.winner as string | null;
  for (const [role, p] of Object.entries(players)) {
    const words = winner === null ? 'A draw.' : winner === role ? 'You won!' : `${winner} won.`;
    await p.w.page.locator('.outcome').getByText(words).waitFor();
    t.match(await p.w.page.locator('.outcome').textContent(), game.outcome.reason, `${role}'s page shows the result and its reason, live`);
    t.same(p.w.errors, [], `no console errors on ${role}'s page`);
  }
  t.same(await axe(players.Caesar.w.page), [], 'axe: the finished board');
});
