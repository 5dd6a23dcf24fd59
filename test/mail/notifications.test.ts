// Who gets which email, end to end: players act over real HTTP, the real worker sends the
// outbox to a real (in-process) SMTP server, and the tests read what arrived: recipients,
// subjects, deep links, headers, text and HTML parts, and that nothing hidden from the
// recipient is in any message.
import t, { type Test } from 'tap';
import { verifyUnsubscribeToken } from '../../src/app/notify/unsubscribe.js';
import { act, apiServer, commandCard, discardBoth, look, playUntilUnderway, startGame, toCommand, type ApiServer, type Started, type User } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { header, mailHarness, rawText, to } from '../helpers/mail.js';
import type { ReceivedMail } from '../helpers/smtp.js';
import { refusal, webhookReceiver, type Received } from '../helpers/webhook-receiver.js';

const SECRET = 'test-secret-test-secret-test-secret!'; // testConfig()'s JWT_SECRET

/** The game as each player sees it now. */
async function viewsOf(g: Started): Promise<Record<string, any>> {
  const views: Record<string, any> = {};
  for (const u of Object.values(g.byRole)) views[u.role] = await look(u, g.id);
  return views;
}

/** Things `role`'s opponent must never read about `role` (from `role`'s own view), and the opponent's own view of them, from `views` (viewsOf). */
function secretsOf(g: Started, views: Record<string, any>, role: string): string[] {
  const me = g.byRole[role]!;
  const mine = views[role].view;
  const theirs = Object.entries(views).find(([r]) => r !== role)![1].view;
  const shown = new Set<string>();
  for (const c of Object.values(theirs.cards as Record<string, { card: string | null }>)) if (c.card) shown.add(c.card);
  for (const b of theirs.blocks as { id?: string }[]) if (b.id) shown.add(b.id);
  const sealed = (mine.cards[role] as { card: string | null }).card;
  const cards = [...mine.hand, mine.discard, sealed].filter((c: string | null): c is string => !!c && !shown.has(c));
  const blocks = (mine.blocks as { side: string; id?: string }[]).filter((b) => b.side === role && b.id && !shown.has(b.id)).map((b) => b.id!);
  const pool = ((mine.pools[role].available ?? []) as { id: string }[]).map((b) => b.id);
  return [...cards, ...blocks, ...pool, me.email];
}

function leaks(m: ReceivedMail, secrets: string[]): string[] {
  return leaksIn(rawText(m), secrets);
}

/** The secrets (and state-like keys) a text shows: an email's, or a webhook delivery's (issue 42). */
function leaksIn(text: string, secrets: string[]): string[] {
  const found = secrets.filter((s) => new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
  for (const key of ['"seed"', '"rng"', '"state"', '"deck"', '"sealed"', 'passwordHash']) if (text.includes(key)) found.push(key);
  return found;
}

/** Every email in `mails` to a player of g carries nothing hidden from that player. */
async function checkNoLeaks(t: Test, g: Started, mails: ReceivedMail[], stage: string): Promise<void> {
  const views = await viewsOf(g);
  for (const u of Object.values(g.byRole)) {
    const opponent = Object.values(g.byRole).find((x) => x.role !== u.role)!;
    const secrets = secretsOf(g, views, opponent.role);
    for (const m of mails.filter((x) => x.to.includes(u.email))) t.same(leaks(m, secrets), [], `${stage}: nothing of ${opponent.role}'s in "${m.subject}" to ${u.role}`);
  }
}

t.test('join: the creator gets "your move" saying who joined, with deep link, parts and one-click unsubscribe; the joiner nothing', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  const mails = await mail.deliver();
  t.equal(mails.length, 1, 'one email');
  const m = to(t, mails, g.caesar.email);
  t.equal(m.subject, `Your move: Julius Caesar #${g.game.number} — 705 (49 BC), discard a card`);
  t.match(m.text, /Hello Marcus,/);
  t.match(m.text, /Gnaeus has joined as Pompey: the game has begun\./);
  t.match(m.text, /Discard one card face-down for the Year 705\./, 'what to do now');
  t.match(m.text, /Your move is due by Sun, 04 Jan 2026 12:00 UTC\./, 'the deadline, 3 days on');
  t.match(m.text, `Open the game: http://alea.test/games/${g.id}`);
  t.match(m.html, `href="http://alea.test/games/${g.id}"`);
  t.match(m.html, /Gnaeus has joined as Pompey/);
  t.match(m.parsed.headers.get('content-type'), { value: 'multipart/alternative' }, 'text and HTML parts');
  t.equal(m.from, 'alea@alea.test');
  t.match(m.messageId, /^<alea\.outbox\.\d+@alea\.test>$/, 'a stable Message-ID per notification');
  const unsubscribe = String(header(m, 'List-Unsubscribe'));
  const link = /^<(http:\/\/alea\.test\/v1\/unsubscribe\?token=([^>]+))>$/.exec(unsubscribe);
  t.ok(link, `List-Unsubscribe: ${unsubscribe}`);
  t.equal(verifyUnsubscribeToken(SECRET, decodeURIComponent(link![2]!)), g.caesar.id, 'the link names the recipient, signed');
  t.equal(header(m, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  t.match(m.text, link![1]!, 'the footer links to the same page');
  await checkNoLeaks(t, g, mails, 'start');
  t.notMatch(rawText(m), g.pompey.email, "the opponent's address is not given away");
});

t.test('discards: when the card phase begins, both are told, the one who just acted too (issue 27: their own action began a new move)', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  await mail.deliver();
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  t.same(await mail.deliver(), [], "Caesar's discard: Pompey still has his own to make, and was told already");
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  const mails = await mail.deliver();
  t.equal(mails.length, 2);
  t.equal(to(t, mails, g.caesar.email).subject, `Your move: Julius Caesar #${g.game.number} — 705 (49 BC), turn 1, play a card`);
  t.equal(to(t, mails, g.pompey.email).subject, `Your move: Julius Caesar #${g.game.number} — 705 (49 BC), turn 1, play a card`);
  await checkNoLeaks(t, g, mails, 'discards');
});

async function toCards(s: ApiServer): Promise<Started> {
  const g = await startGame(s);
  await discardBoth(g);
  return g;
}

t.test('sealed cards, Pompey second: Caesar (Player 1) gets "your move" with the reveal, Pompey the reveal', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await toCards(s);
  await mail.deliver();
  const caesarCard = commandCard(await look(g.caesar, g.id));
  await g.caesar.client.post(`/v1/games/${g.id}/plays`, { card: caesarCard });
  const sealed = await mail.deliver();
  t.same(sealed, [], 'a sealed card tells nobody anything');
  const pompeyCard = commandCard(await look(g.pompey, g.id));
  await g.pompey.client.post(`/v1/games/${g.id}/plays`, { card: pompeyCard });
  const mails = await mail.deliver();
  t.equal(mails.length, 2, 'both players hear of the reveal');
  const c = to(t, mails, g.caesar.email);
  t.match(c.subject, new RegExp(`^Your move: Julius Caesar #${g.game.number} — 705 \\(49 BC\\), turn 1, give your orders$`));
  t.match(c.text, new RegExp(`Cards revealed: Caesar ${caesarCard} \\(Move \\d, Levy \\d\\); Pompey ${pompeyCard} `));
  t.match(c.text, /Caesar is Player 1\./);
  t.match(c.text, /Move \(\d MP left\), then levy/);
  const p = to(t, mails, g.pompey.email);
  t.equal(p.subject, `Cards revealed: Julius Caesar #${g.game.number} — 705 (49 BC), turn 1: Caesar is Player 1`);
  t.match(p.text, new RegExp(`Cards revealed: Caesar ${caesarCard} `));
  t.match(p.html, /Caesar is Player 1\./);
  await checkNoLeaks(t, g, mails, 'reveal');
});

t.test('sealed cards, Caesar second: Caesar, who acted and is Player 1, gets "your move" with the reveal; Pompey the reveal', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await toCards(s);
  await mail.deliver();
  await g.pompey.client.post(`/v1/games/${g.id}/plays`, { card: commandCard(await look(g.pompey, g.id)) });
  t.same(await mail.deliver(), []);
  await g.caesar.client.post(`/v1/games/${g.id}/plays`, { card: commandCard(await look(g.caesar, g.id)) });
  const mails = await mail.deliver();
  t.equal(mails.length, 2);
  t.match(to(t, mails, g.caesar.email).subject, /^Your move: .* give your orders$/);
  t.match(to(t, mails, g.caesar.email).text, /Cards revealed: .*\n.*Caesar is Player 1\./);
  t.match(to(t, mails, g.pompey.email).subject, /^Cards revealed: .*: Caesar is Player 1$/);
  await checkNoLeaks(t, g, mails, 'reveal');
});

t.test('moves: "your move" goes to the newly pending player only, never to the actor, once per move', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  await toCommand(g);
  await mail.deliver();
  // Caesar's command: several moves are one move; undo changes nothing either.
  let game = await look(g.caesar, g.id);
  const move = game.legalActions.find((a: any) => a.type === 'move');
  await act(g.caesar, g.id, move);
  await g.caesar.client.post(`/v1/games/${g.id}/undo`, {});
  await act(g.caesar, g.id, move);
  t.same(await mail.deliver(), [], 'no email while Caesar is still at it');
  // Finishing hands over to whoever must act next.
  game = await act(g.caesar, g.id, { type: 'done' });
  const next = game.pending as string[];
  const mails = await mail.deliver();
  t.same(
    mails.map((m) => m.to[0]).sort(),
    next.filter((r) => r !== 'Caesar').map((r) => g.byRole[r]!.email).sort(),
    `told: ${next.filter((r) => r !== 'Caesar').join(', ') || 'nobody'} (pending: ${next.join(', ')})`,
  );
  t.notOk(mails.some((m) => m.to.includes(g.caesar.email)), 'never the one who acted');
  for (const m of mails) t.match(m.subject, /^Your move: /);
  await checkNoLeaks(t, g, mails, 'command');
  t.same(await mail.deliver(), [], 'and nothing more');
});

t.test('resign: the opponent is told, the one who resigned is not', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  await playUntilUnderway([g.caesar, g.pompey], g.id);
  await mail.deliver();
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const mails = await mail.deliver();
  t.equal(mails.length, 1);
  const m = to(t, mails, g.caesar.email);
  t.equal(m.subject, `Gnaeus resigned Julius Caesar #${g.game.number}: you win`);
  t.match(m.text, /Gnaeus \(Pompey\) has resigned: you win\./);
  t.match(m.text, `http://alea.test/games/${g.id}`);

  // Before each side has made its first moves, the game is aborted: no "you win" (issue 38.2).
  const h = await startGame(s);
  await mail.deliver();
  t.equal((await h.pompey.client.post(`/v1/games/${h.id}/resign`, {})).status, 200);
  const early = await mail.deliver();
  t.same(early.map((x) => x.to[0]), [h.caesar.email], 'the opponent alone is told');
  t.equal(early[0]!.subject, `Game over: Julius Caesar #${h.game.number} — aborted, no result`);
  t.match(early[0]!.text, /Pompey resigned before each side had made its moves of the first turn: the game is aborted\./);
  t.notMatch(early[0]!.text, /you win/);
});

t.test('preferences: "moves" keeps only the emails that ask to act, "none" gets nothing, a muted seat nothing about its game', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  // Pompey wants only his moves: he gets "your move" but not the reveal nor the resignation.
  const g = await toCards(s);
  t.equal((await g.pompey.client.patch('/v1/me', { notifications: { email: 'moves' } })).status, 200);
  await mail.deliver();
  await g.pompey.client.post(`/v1/games/${g.id}/plays`, { card: commandCard(await look(g.pompey, g.id)) });
  await g.caesar.client.post(`/v1/games/${g.id}/plays`, { card: commandCard(await look(g.caesar, g.id)) });
  let mails = await mail.deliver();
  t.same(mails.map((m) => m.to[0]), [g.caesar.email], 'no reveal email for "moves"');
  await g.caesar.client.post(`/v1/games/${g.id}/resign`, {});
  t.same(await mail.deliver(), [], 'no "resigned" email for "moves"');

  // "moves" still gets a your-move: a new game where Pompey must act.
  const h = await startGame(s);
  await h.pompey.client.patch('/v1/me', { notifications: { email: 'moves' } });
  await act(h.pompey, h.id, (await look(h.pompey, h.id)).legalActions[0]);
  await act(h.caesar, h.id, (await look(h.caesar, h.id)).legalActions[0]);
  mails = await mail.deliver();
  t.ok(mails.some((m) => m.to.includes(h.pompey.email) && /^Your move: /.test(m.subject)), '"moves" gets "your move"');

  // "none": nothing at all.
  await h.pompey.client.patch('/v1/me', { notifications: { email: 'none' } });
  await h.caesar.client.post(`/v1/games/${h.id}/plays`, { card: commandCard(await look(h.caesar, h.id)) });
  await h.pompey.client.post(`/v1/games/${h.id}/plays`, { card: commandCard(await look(h.pompey, h.id)) });
  mails = await mail.deliver();
  t.same(mails.map((m) => m.to[0]), [h.caesar.email], '"none": the reveal reaches Caesar only');

  // A muted seat: nothing about that game, while the same player's other games still email.
  const k = await startGame(s);
  await mail.deliver();
  const muted = await k.caesar.client.request('PUT', `/v1/games/${k.id}/emails`, { body: { email: false } });
  t.match(muted, { status: 200, body: { email: false } });
  await act(k.caesar, k.id, (await look(k.caesar, k.id)).legalActions[0]);
  await act(k.pompey, k.id, (await look(k.pompey, k.id)).legalActions[0]);
  await k.caesar.client.post(`/v1/games/${k.id}/plays`, { card: commandCard(await look(k.caesar, k.id)) });
  await k.pompey.client.post(`/v1/games/${k.id}/plays`, { card: commandCard(await look(k.pompey, k.id)) });
  mails = await mail.deliver();
  t.same(mails.map((m) => m.to[0]), [k.pompey.email], 'the muted seat gets nothing; the other player still does');
  const other = await s.anon.withToken(k.caesar.token).post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  const joiner = await s.signUp('Titus');
  await joiner.client.post(`/v1/games/${other.body.id}/join`, {});
  t.same((await mail.deliver()).map((m) => m.to[0]), [k.caesar.email], "the same player's other game still emails");
});

t.test('a whole game: each email goes to the right player with nothing hidden in it, and the end reaches both; so does each webhook', async (t) => {
  const s = await apiServer(t, { config: { webhooksAllowPrivate: true } });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  // Each player's webhooks, for every event, in Alea's JSON (a receiver each, as a player's relay).
  const hooks: Record<string, { rx: Awaited<ReturnType<typeof webhookReceiver>>; secret: string; seen: number }> = {};
  for (const u of Object.values(g.byRole)) {
    const rx = await webhookReceiver(t, `/${u.role}`);
    const made = await u.client.post('/v1/me/webhooks', { url: rx.url, format: 'json', events: ['yourMove', 'message', 'gameOver', 'challenge'] });
    hooks[u.role] = { rx, secret: made.body.secret, seen: 0 };
  }
  const hookCounts: Record<string, number> = {};
  /** The deliveries each player's receiver got since last asked. */
  const delivered = (): [string, Received][] =>
    Object.entries(hooks).flatMap(([role, h]) => {
      const fresh = h.rx.received.slice(h.seen);
      h.seen = h.rx.received.length;
      return fresh.map((r) => [role, r] as [string, Received]);
    });
  const users: Record<string, User> = g.byRole;
  const roleOf = (address: string) => Object.values(g.byRole).find((u) => u.email === address)!.role;
  let mails = await mail.deliver();
  const pick = chooser(5);
  let game = await look(g.caesar, g.id);
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  let steps = 0;
  // Both players' views, when read after a step's emails (to look for secrets in them); the
  // next step's actor chooses from its own, since nothing changes before it acts.
  let views: Record<string, any> | undefined;
  while (game.status === 'active') {
    const before = game;
    const actor = before.pending[pick(before.pending.length)] as string;
    const mine = views?.[actor] ?? (await look(users[actor]!, g.id));
    game = await act(users[actor]!, g.id, mine.legalActions[pick(mine.legalActions.length)], mine.version);
    mails = await mail.deliver();
    const deliveries = delivered();
    views = mails.length || deliveries.length ? await viewsOf(g) : undefined;
    steps++;
    // Every webhook: signed, to its own player, about this game, and showing nothing of the opponent's.
    for (const [recipient, r] of deliveries) {
      hookCounts[r.json.type] = (hookCounts[r.json.type] ?? 0) + 1;
      if (refusal(r, hooks[recipient]!.secret, s.clock.now())) problems.push(`step ${steps}: webhook to ${recipient} not signed`);
      if (r.json.data.game.role !== recipient || r.json.data.game.id !== g.id) problems.push(`step ${steps}: webhook to ${recipient} names ${JSON.stringify(r.json.data.game)}`);
      const found = leaksIn(r.body, secretsOf(g, views!, recipient === 'Caesar' ? 'Pompey' : 'Caesar'));
      if (found.length) problems.push(`step ${steps}: webhook "${r.json.data.subject}" to ${recipient} shows ${found.join(', ')}`);
    }
    // A webhook is told what the player's "your move" and end emails tell (the same plan).
    const wanted = mails.filter((m) => /^(Your move|Game over)/.test(m.subject)).map((m) => `${roleOf(m.to[0]!)}: ${m.subject}`).sort();
    const hooked = deliveries.filter(([, r]) => r.json.type !== 'message').map(([role, r]) => `${role}: ${r.json.data.subject}`).sort();
    if (JSON.stringify(wanted) !== JSON.stringify(hooked)) problems.push(`step ${steps}: emails ${JSON.stringify(wanted)} but webhooks ${JSON.stringify(hooked)}`);
    // What the rules say, from what a client can see.
    const pendingBefore = before.pending as string[];
    const pendingAfter = game.pending as string[];
    const revealed = before.view.phase === 'card' && !(game.view.phase === 'card' && game.view.turn === before.view.turn && game.view.year === before.view.year);
    let expected: Record<string, RegExp>;
    if (game.status === 'finished') expected = { Caesar: /^Game over: /, Pompey: /^Game over: / };
    else if (revealed) expected = Object.fromEntries(['Caesar', 'Pompey'].map((r) => [r, pendingAfter.includes(r) ? /^Your move: / : /^Cards revealed: /]));
    else {
      // The actor too when their own action began a new move of theirs (issue 27): a card or a
      // discard now due (a battle or a regroup after one's command continues the same move).
      const moveOf = (x: any) => `${x.view.year}/${x.view.turn}/${x.view.phase}`;
      const actorAgain = pendingAfter.includes(actor) && moveOf(game) !== moveOf(before) && ['card', 'discard'].includes(game.view.phase);
      expected = Object.fromEntries(pendingAfter.filter((r) => (r === actor ? actorAgain : !pendingBefore.includes(r))).map((r) => [r, /^Your move: /]));
    }
    const got = Object.fromEntries(mails.map((m) => [roleOf(m.to[0]!), m.subject]));
    if (mails.length !== Object.keys(expected).length || Object.entries(expected).some(([r, re]) => !re.test(got[r] ?? ''))) {
      problems.push(`step ${steps} (${actor} ${before.view.phase}): expected ${JSON.stringify(Object.keys(expected))}, got ${JSON.stringify(got)}`);
    }
    for (const m of mails) {
      const kind = m.subject.split(':')[0]!;
      counts[kind] = (counts[kind] ?? 0) + 1;
      const recipient = roleOf(m.to[0]!);
      const secrets = secretsOf(g, views!, recipient === 'Caesar' ? 'Pompey' : 'Caesar');
      const found = leaks(m, secrets);
      if (found.length) problems.push(`step ${steps}: "${m.subject}" to ${recipient} shows ${found.join(', ')}`);
      if (!m.text.includes(`http://alea.test/games/${g.id}`) || !m.html.includes(`http://alea.test/games/${g.id}`)) problems.push(`step ${steps}: no deep link`);
    }
  }
  t.same(problems, [], `${steps} steps`);
  t.comment(`emails: ${JSON.stringify(counts)}; webhooks: ${JSON.stringify(hookCounts)}`);
  t.ok(hookCounts.yourMove! > 20 && hookCounts.gameOver === 2, 'webhooks for the moves and the end');
  t.ok(counts['Your move']! > 20 && counts['Cards revealed']! > 5, 'many moves and reveals');
  const outcome = game.outcome as { winner: string | null; reason: string; vp: Record<string, number> };
  t.equal(mails.length, 2, 'the end: both players');
  for (const m of mails) {
    t.match(m.text, new RegExp(`${outcome.reason.charAt(0).toUpperCase()}${outcome.reason.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`), 'the reason');
    t.match(m.text, `Final VP: Caesar ${outcome.vp.Caesar}, Pompey ${outcome.vp.Pompey}.`);
  }
  const winner = outcome.winner === null ? null : users[outcome.winner]!;
  if (winner) t.match(to(t, mails, winner.email).subject, /— you win$/);
  t.equal(await s.db.prisma.outboxEmail.count({ where: { status: { not: 'sent' }, kind: { not: 'email-confirmation' } } }), 0, 'every row sent');
  t.same(
    (await s.db.prisma.outboxEmail.findMany({ where: { kind: 'email-confirmation' } })).map((r) => r.status),
    ['dropped', 'dropped'],
    'but the confirmation links, used before the worker came: dropped, not sent',
  );
});
