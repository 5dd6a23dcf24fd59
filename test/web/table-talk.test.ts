// Around the board in real Chromium, two browser contexts as the two players (set up through the
// API, signed in by their tokens): a message written in one page arrives live in the other (the
// game's event stream, no reload) and shows as text, never as markup; the notepad keeps what its
// player wrote and the other page never shows it; once the game is over, a rematch offered on one
// page is accepted on the other, which opens the new game with sides swapped (public, as its game
// was). The lobby on the home page filters open games, shows each creator's rating, lists public
// games in progress to watch, and "play anyone" is rated or not as chosen. No console error and
// no serious axe-core violation along the way.
import t, { type Test } from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { apiServer, startGame, type User } from '../helpers/api.js';
import { axe, chromiumPresent, INSTALL_HINT, launch, person, PHONE, realErrors, type Watched } from '../helpers/browser.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

async function signedIn(t: Test, browser: Awaited<ReturnType<typeof launch>>, base: string, u: User): Promise<Watched> {
  const w = await person(browser, base);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  t.teardown(async () => {
    if (!t.passing()) await w.page.screenshot({ path: `/tmp/alea-web-talk-${u.name}.png`, fullPage: true }).catch(() => {});
  });
  return w;
}

t.test('a message arrives live in the other browser; notes stay private; a rematch offered and accepted', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s);
  const browser = await launch(t);
  const caesar = await signedIn(t, browser, s.base, g.caesar);
  const pompey = await signedIn(t, browser, s.base, g.pompey);
  for (const w of [caesar, pompey]) {
    await w.page.goto(`/games/${g.id}`);
    await w.page.getByRole('heading', { name: 'Messages' }).waitFor();
    await w.page.getByText('No message yet.').waitFor();
  }
  t.same(await axe(caesar.page), [], 'axe: the board with its messages, notes');

  // Written on Caesar's page, read on Pompey's without a reload, as text.
  const text = '<img src=x onerror="alert(1)"> Ave!\nSecond line & more';
  await caesar.page.getByLabel('Write to Gnaeus').fill(text);
  await caesar.page.getByRole('button', { name: 'Send' }).click();
  const mine = caesar.page.locator('.message-list .message-text');
  await mine.first().waitFor();
  t.equal(await caesar.page.getByLabel('Write to Gnaeus').inputValue(), '', 'the box is emptied once sent');
  const theirs = pompey.page.locator('.message-list .message-text');
  await theirs.first().waitFor();
  t.equal(await theirs.first().innerText(), text, 'arrived live in the other browser, exactly as written (line break kept)');
  t.equal(await pompey.page.locator('.message-list img').count(), 0, 'as text, never as markup');
  t.match(await pompey.page.locator('.message-list li').first().innerText(), /^Marcus/, 'with its author');
  // And the answer, with Enter.
  await pompey.page.getByLabel('Write to Marcus').fill('Vale.');
  await pompey.page.getByLabel('Write to Marcus').press('Enter');
  await caesar.page.locator('.message-list .message-text', { hasText: 'Vale.' }).waitFor();
  t.pass("Pompey's answer arrived live on Caesar's page");

  // The notepad: saved, read back after a reload, never on the other page.
  await caesar.page.getByRole('heading', { name: 'My notes' }).click();
  await caesar.page.getByLabel('My notes').fill('Pompey holds Capua with 3 or more');
  await caesar.page.getByRole('button', { name: 'Save my notes' }).click();
  await caesar.page.getByText('Saved.').waitFor();
  await caesar.page.reload();
  t.equal(await caesar.page.getByLabel('My notes').inputValue(), 'Pompey holds Capua with 3 or more', 'kept');
  await pompey.page.reload();
  await pompey.page.getByRole('heading', { name: 'Messages' }).waitFor();
  t.notMatch(await pompey.page.content(), /Capua with 3/, "Caesar's notes are nowhere on Pompey's page");

  // The end: Pompey resigns; Caesar offers a rematch; Pompey accepts it on his page.
  pompey.page.once('dialog', (d) => void d.accept());
  await pompey.page.getByRole('button', { name: 'Resign' }).click();
  await caesar.page.getByRole('button', { name: 'Offer a rematch' }).click();
  await caesar.page.getByText(/You offered a rematch; waiting for Gnaeus to accept/).waitFor();
  await pompey.page.getByText('Marcus offers a rematch: you would play Caesar.').waitFor();
  t.pass('the offer arrived live on the opponent page');
  t.same(await axe(pompey.page), [], 'axe: a rematch offered');
  await pompey.page.getByRole('button', { name: 'Accept the rematch' }).click();
  await pompey.page.waitForURL((u) => u.pathname !== `/games/${g.id}`);
  await pompey.page.getByText(/You are\s+Caesar\s+against Marcus/).waitFor();
  const rematchId = /\/games\/([^/?]+)/.exec(pompey.page.url())![1]!;
  const r = (await g.pompey.client.get(`/v1/games/${rematchId}`)).body;
  t.match(r, { status: 'active', role: 'Caesar', rematchOf: g.id }, 'the new game, started, sides swapped');
  await caesar.page.getByRole('link', { name: `The rematch, game #${r.number}` }).waitFor();
  t.pass("Caesar's page links the rematch once it has started");
  t.same([...realErrors(caesar.errors), ...realErrors(pompey.errors)], [], 'no console error');
});

t.test('the lobby: open games filtered, games in progress to watch, play anyone', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s);
  const host = await s.signUp('Crassus');
  const jc = (await host.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', daysPerMove: 5 })).body;
  const cgw = (await host.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' })).body;
  const visitor = await s.signUp('Cicero');
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, visitor);
  await w.page.goto('/');
  const open = w.page.getByRole('list', { name: 'Open games' });
  await open.getByText(`#${jc.number} Julius Caesar`).waitFor();
  await open.getByText(`#${cgw.number} Caesar's Gallic War`).waitFor();
  await w.page.getByLabel('Filter: time per move').selectOption('5');
  await open.getByText(`#${cgw.number} Caesar's Gallic War`).waitFor({ state: 'detached' });
  t.equal(await open.locator('li').count(), 1, 'filtered by time per move');
  const watch = w.page.getByRole('list', { name: 'Games to watch' });
  await w.page.getByLabel('Filter: time per move').selectOption('');
  await watch.getByText(/Marcus \(Caesar\) against Gnaeus \(Pompey\)/).waitFor();
  t.same(await axe(w.page), [], 'axe: the home page with the lobby');
  const link = watch.getByRole('link', { name: `#${g.game.number} Julius Caesar` });
  if (!(await link.isVisible())) t.comment(`games to watch: ${await watch.innerText().catch(() => '(none)')}; the game is #${g.game.number}`);
  await link.click();
  await w.page.getByText(/^Watching Caesar .* against Pompey /).first().waitFor(); // the players by name (issue 41)
  t.equal(await w.page.getByRole('heading', { name: 'Messages' }).count(), 0, 'a watcher of a game in progress sees no messages');

  // Play anyone: Cicero wants to play Pompey in 5 days: paired with Crassus's game.
  await w.page.goto('/');
  await w.page.getByText('Play anyone').click();
  await w.page.getByLabel('Side I would play').selectOption('Pompey');
  await w.page.getByRole('button', { name: 'Find an opponent' }).click();
  await w.page.waitForURL(`**/games/${jc.id}`);
  await w.page.getByText(/You are\s+Pompey\s+against Crassus/).waitFor();
  t.pass('paired with the waiting game');
  t.same(realErrors(w.errors), [], 'no console error');
});

// Issue 41.13b and c: the lobby showed no ratings, and "play anyone" was to say rated or not.
t.test("the lobby shows each open game's creator's rating; play anyone's Rated choice makes a rated seek", async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const [rated, fresh, visitor] = [await s.signUp('Crassus'), await s.signUp('Sulla'), await s.signUp('Cicero')];
  await s.db.prisma.rating.create({ data: { userId: rated.id, game: 'julius-caesar', rating: 1712.4, rd: 90, volatility: 0.06, games: 9, wins: 7, losses: 2, updatedAt: new Date() } });
  await s.db.prisma.rating.create({ data: { userId: fresh.id, game: 'julius-caesar', rating: 1436, rd: 280, volatility: 0.06, games: 1, losses: 1, updatedAt: new Date() } });
  const a = (await rated.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const b = (await fresh.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const c = (await visitor.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' })).body;
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, await s.signUp('Brutus'));
  await w.page.goto('/');
  const open = w.page.getByRole('list', { name: 'Open games' });
  const item = (g: any) => open.locator('li', { hasText: `#${g.number} ` });
  await item(a).waitFor();
  t.match(await item(a).innerText(), /by\s+Crassus\s+\(rating 1712\)/, 'an established rating');
  t.match(await item(b).innerText(), /by\s+Sulla\s+\(rating 1436\?\)/, 'a provisional one, marked ?');
  t.match(await item(c).innerText(), /by\s+Cicero\s+\(no rating yet\)/, 'none yet');
  t.same(await axe(w.page), [], 'axe: the lobby with ratings');
  const shots = process.env.ALEA_SCREENSHOTS;
  if (shots) {
    await w.page.screenshot({ path: `${shots}/lobby-ratings-laptop.png`, fullPage: true });
    const phone = await person(browser, s.base, PHONE);
    await phone.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), visitor.token);
    await phone.page.goto('/');
    await phone.page.getByRole('list', { name: 'Open games' }).locator('li').first().waitFor();
    await phone.page.getByRole('list', { name: 'Open games' }).screenshot({ path: `${shots}/lobby-ratings-phone.png` });
  }

  // Play anyone, rated: nobody waits for a rated game, so Brutus's seek waits as a rated game.
  await w.page.getByText('Play anyone').click();
  await w.page.getByRole('checkbox', { name: /^Rated \(paired/ }).check();
  await w.page.getByRole('button', { name: 'Find an opponent' }).click();
  await w.page.waitForURL((u) => /^\/games\/[^/]+$/.test(u.pathname) && ![a.id, b.id, c.id].some((id) => u.pathname.endsWith(id)));
  const id = /\/games\/([^/?]+)/.exec(w.page.url())![1]!;
  t.match((await visitor.client.get(`/v1/games/${id}`)).body, { status: 'open', rated: true, visibility: 'public' }, 'a rated game waits in the lobby, not one of the unrated ones');
  // Unrated (the default): paired with the oldest unrated game waiting, Crassus's.
  await w.page.goto('/');
  await w.page.getByText('Play anyone').click();
  await w.page.getByRole('checkbox', { name: /^Rated \(paired/ }).waitFor();
  t.equal(await w.page.getByRole('checkbox', { name: /^Rated \(paired/ }).isChecked(), false, 'unrated unless chosen');
  await w.page.getByRole('button', { name: 'Find an opponent' }).click();
  await w.page.waitForURL(`**/games/${a.id}`);
  t.match((await rated.client.get(`/v1/games/${a.id}`)).body, { status: 'active', rated: false }, 'an unrated seek joins an unrated game');
  t.same(realErrors(w.errors), [], 'no console error');
});

t.test("a rematch accepted from its link (the email's); a block from the game's page, lifted in Settings", async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s);
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  const offer = (await g.caesar.client.post(`/v1/games/${g.id}/rematch`)).body;
  const browser = await launch(t);
  // Issue 41.13a: the rematch of this public game is public, and its page says who may start it.
  t.equal(offer.visibility, 'public', 'a public game\'s rematch is public');
  const offerer = await signedIn(t, browser, s.base, g.caesar);
  await offerer.page.goto(`/games/${offer.id}`);
  await offerer.page.getByText('The game starts when Gnaeus accepts.').waitFor();
  t.match(await offerer.page.locator('main').innerText(), /, public\./, 'public, as its game was');
  const w = await signedIn(t, browser, s.base, g.pompey);
  await w.page.goto(`/games/${offer.id}`);
  await w.page.getByRole('heading', { name: 'Marcus invites you to a game of Julius Caesar' }).waitFor();
  await w.page.getByText('A rematch of your last game together, sides swapped.').waitFor();
  t.same(await axe(w.page), [], 'axe: a rematch offered, on its own page');
  await w.page.getByRole('button', { name: 'Accept: play Caesar' }).click();
  await w.page.getByText(/You are\s+Caesar\s+against Marcus/).waitFor();
  t.match((await g.caesar.client.get(`/v1/games/${offer.id}`)).body, { status: 'active', role: 'Pompey' }, 'started, sides swapped');

  // Blocked from the game's page: the box to write goes, with the reason; Settings lifts it.
  await w.page.getByLabel('Write to Marcus').waitFor();
  w.page.once('dialog', (d) => void d.accept());
  await w.page.getByRole('button', { name: 'Block Marcus' }).click();
  await w.page.getByText(/You have blocked this player/).waitFor();
  t.equal(await w.page.getByLabel('Write to Marcus').count(), 0, 'no box to write in');
  t.equal((await g.caesar.client.post(`/v1/games/${offer.id}/messages`, { text: 'hello?' })).body.code, 'blocked', 'nor may Marcus write');
  await w.page.goto('/settings');
  await w.page.getByRole('button', { name: 'Unblock Marcus' }).click();
  await w.page.getByText(/You block nobody/).waitFor();
  t.equal((await g.caesar.client.post(`/v1/games/${offer.id}/messages`, { text: 'hello again' })).status, 201, 'unblocked: Marcus writes again');
  t.same([...realErrors(w.errors), ...realErrors(offerer.errors)], [], 'no console error');
});
