// Messages by email, through the real worker and a real SMTP server, with an injected clock: a
// message rides along with the next email its recipient gets about the game; alone, it goes only
// if they had no email about the game for 30 minutes, never while they watch the game's page, and
// not at all once read; only to players who want the game's emails (confirmed address, `all`,
// game not muted, messages on). What an email carries of the messages is only what their author
// wrote: nothing of the author's hidden game. A rematch offered is emailed with its link.
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { act, apiServer, look, startGame, type Started } from '../helpers/api.js';
import { header, mailHarness, rawText, to } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';
import type { ReceivedMail } from '../helpers/smtp.js';

const MINUTE = 60_000;
const path = (id: string) => `/v1/games/${id}/messages`;

async function setup(t: Test, o: { ssePingMs?: number } = {}) {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, ...(o.ssePingMs && { ssePingMs: o.ssePingMs }) });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  const first = await mail.deliver();
  t.same(first.map((m) => m.to), [[g.caesar.email]], 'to start with, Caesar has his "your move" (Pompey nothing)');
  return { s, clock, mail, g };
}

/** What Caesar's opponent must never read of his game (his hand, sealed card, discard, hidden blocks). */
async function caesarSecrets(g: Started): Promise<string[]> {
  const v = (await look(g.caesar, g.id)).view;
  const cards = [...v.hand, v.discard, v.cards.Caesar.card].filter((c: string | null): c is string => !!c);
  const blocks = v.blocks.filter((b: any) => b.side === 'Caesar' && b.id && b.id !== 'CLEO').map((b: any) => b.id);
  return [...cards, ...blocks];
}

function leaks(m: ReceivedMail, secrets: string[]): string[] {
  const text = rawText(m);
  return secrets.filter((s) => new RegExp(`(?<![\\w-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
}

const statusOf = async (s: Awaited<ReturnType<typeof setup>>['s'], kind: string) =>
  (await s.db.prisma.outboxEmail.findMany({ where: { kind }, orderBy: { id: 'asc' }, select: { status: true } })).map((r) => r.status);

t.test('alone: after a short wait, then not again within 30 minutes of the last email; several in one', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  await g.caesar.client.post(path(g.id), { text: 'Ave, Gnaeus.\nShall we begin?' });
  t.same(await mail.deliver(), [], 'not at once: a few lines in a row go together');
  clock.advance(2 * MINUTE);
  const first = await mail.deliver();
  const m = to(t, first, g.pompey.email);
  t.equal(first.length, 1);
  t.equal(m.subject, `Marcus wrote a message in Julius Caesar #${g.game.number}`);
  t.match(m.text, /Hello Gnaeus,/);
  t.match(m.text, /Marcus \(Caesar\), Thu, 01 Jan 2026 12:00 UTC:\n> Ave, Gnaeus\.\n> Shall we begin\?/);
  t.match(m.text, `Answer on the game's page: http://alea.test/games/${g.id}`);
  t.match(m.html, /<blockquote[^>]*white-space: pre-wrap[^>]*>Ave, Gnaeus\.\nShall we begin\?<\/blockquote>/);
  t.ok(header(m, 'List-Unsubscribe'), 'with the one-click unsubscribe link');
  t.same(leaks(m, await caesarSecrets(g)), [], "nothing of Caesar's hidden game");

  await g.caesar.client.post(path(g.id), { text: 'Your move, I believe.' });
  clock.advance(3 * MINUTE);
  await g.caesar.client.post(path(g.id), { text: '<b>Hello?</b> & goodbye' });
  clock.advance(5 * MINUTE);
  t.same(await mail.deliver(), [], 'Pompey had an email about the game less than 30 minutes ago');
  clock.advance(22 * MINUTE); // 30 minutes after the first
  const second = await mail.deliver();
  t.equal(second.length, 1, 'then one email with both');
  const both = second[0]!;
  t.equal(both.subject, `Marcus wrote 2 messages in Julius Caesar #${g.game.number}`);
  t.match(both.text, /> Your move, I believe\.[\s\S]*> <b>Hello\?<\/b> & goodbye/);
  t.notMatch(both.text, /Ave, Gnaeus/, 'what was emailed before is not repeated');
  t.match(both.html, /&lt;b&gt;Hello\?&lt;\/b&gt; &amp; goodbye/, 'escaped in the HTML: text, never markup');
  t.notMatch(both.html, /<b>Hello/);
  clock.advance(60 * MINUTE);
  t.same(await mail.deliver(), [], 'nothing more');
});

t.test('rides along with the next email about the game; the message-only email is then dropped', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await g.pompey.client.post(path(g.id), { text: 'Here comes my discard.' });
  // Pompey's discard makes it Caesar's move: that email goes at once, with the message.
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  const now = await mail.deliver();
  const m = to(t, now, g.caesar.email);
  // Pompey, whose discard began the card play, is told too (issue 27): never his own message.
  t.equal(now.length, 2);
  t.notMatch(to(t, now, g.pompey.email).text, /Here comes my discard/, 'an author is not sent their own message');
  t.match(m.subject, /^Your move: /, 'the email Caesar gets anyway');
  t.match(m.text, /Gnaeus wrote meanwhile:\n\nGnaeus \(Pompey\), [^\n]+:\n> Here comes my discard\.\n[\s\S]*\n-- \n/, 'the message, before the signature');
  t.match(m.html, /Gnaeus wrote meanwhile:[\s\S]*Here comes my discard\.[\s\S]*<p style="font-size: small/);
  clock.advance(2 * MINUTE);
  t.same(await mail.deliver(), [], 'no second email for the same message');
  t.same(await statusOf(s, 'message'), ['dropped']);
  // The next email about the game carries only what is new.
  await g.pompey.client.post(path(g.id), { text: 'A second word.' });
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'play'));
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions.find((a: any) => a.type === 'play'));
  const next = (await mail.deliver()).filter((x) => x.to.includes(g.caesar.email));
  t.ok(next.length >= 1);
  t.match(next.map((x) => x.text).join('\n'), /A second word\./);
  t.notMatch(next.map((x) => x.text).join('\n'), /Here comes my discard/);
});

// Issue 41.9: unread counts and marking read. Reading without marking (a page in a background
// tab) leaves the message to the next email as before; marking it read means no email brings it.
t.test('a message read with markRead=false still rides along with the next email; one marked read goes in none', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await g.pompey.client.post(path(g.id), { text: 'Peeked at, not read.' });
  t.equal((await g.caesar.client.get(`${path(g.id)}?markRead=false`)).body.unreadMessages, 1, 'shown without marking: still unread');
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  const first = to(t, await mail.deliver(), g.caesar.email);
  t.match(first.subject, /^Your move: /);
  t.match(first.text, /Gnaeus wrote meanwhile:[\s\S]*> Peeked at, not read\./, 'the unread message rides along, as before');

  const marked = (await g.pompey.client.post(path(g.id), { text: 'Marked read.' })).body;
  t.same((await g.caesar.client.post(`${path(g.id)}/read`, { through: marked.seq })).body, { unreadMessages: 0 });
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'play'));
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions.find((a: any) => a.type === 'play'));
  clock.advance(60 * MINUTE);
  const later = (await mail.deliver()).filter((x) => x.to.includes(g.caesar.email));
  t.ok(later.length >= 1, 'Caesar has an email about the game');
  t.notMatch(later.map((x) => x.text).join('\n'), /Marked read\./, 'a message marked read is in none of them');
  t.same(await statusOf(s, 'message'), ['dropped', 'dropped'], 'nor alone');
});

t.test('never while the recipient watches the page; read there, never emailed', async (t) => {
  const { s, clock, mail, g } = await setup(t, { ssePingMs: 50 });
  const controller = new AbortController();
  const res = await fetch(`${s.base}/v1/games/${g.id}/events`, { headers: { authorization: `Bearer ${g.pompey.token}` }, signal: controller.signal });
  await res.body!.getReader().read();
  await g.caesar.client.post(path(g.id), { text: 'Are you there?' });
  clock.advance(2 * MINUTE);
  await new Promise((r) => setTimeout(r, 300)); // heartbeats at the new time
  t.same(await mail.deliver(), [], 'Pompey is watching: no email');
  t.same(await statusOf(s, 'message'), ['pending'], 'held');
  await g.pompey.client.get(path(g.id)); // the page reads the new message
  clock.advance(3 * MINUTE);
  await new Promise((r) => setTimeout(r, 300));
  t.same(await mail.deliver(), [], 'read on the page: no email');
  t.same(await statusOf(s, 'message'), ['dropped']);
  controller.abort();
  for (let i = 0; i < 100 && (await s.db.prisma.gamePresence.count()) > 0; i++) await new Promise((r) => setTimeout(r, 20));

  await g.caesar.client.post(path(g.id), { text: 'Gone?' });
  clock.advance(2 * MINUTE);
  const after = await mail.deliver();
  t.equal(after.length, 1, 'no longer watching: the new message goes');
  t.match(after[0]!.text, /> Gone\?/);
  t.notMatch(after[0]!.text, /Are you there/, 'not what was read');
});

t.test('only to players who want it: muted game, `moves`, messages off, unconfirmed address', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const cases: [string, (g: Started) => Promise<unknown>][] = [
    ['muted game', (g) => g.pompey.client.request('PUT', `/v1/games/${g.id}/emails`, { body: { email: false } })],
    ['preference moves', (g) => g.pompey.client.patch('/v1/me', { notifications: { email: 'moves' } })],
    ['preference none', (g) => g.pompey.client.patch('/v1/me', { notifications: { email: 'none' } })],
  ];
  for (const [why, setUp] of cases) {
    const g = await startGame(s);
    await setUp(g);
    await g.caesar.client.post(path(g.id), { text: `a word (${why})` });
    clock.advance(40 * MINUTE);
    const got = (await mail.deliver()).filter((m) => m.to.includes(g.pompey.email));
    t.same(got.map((m) => m.subject), [], `${why}: no message email`);
  }
  // Messages turned off after a message was written: the pending email goes unsent.
  const g = await startGame(s);
  await g.caesar.client.post(path(g.id), { text: 'before the switch' });
  await g.pompey.client.request('PUT', `${path(g.id)}/settings`, { body: { on: false } });
  clock.advance(40 * MINUTE);
  t.same((await mail.deliver()).filter((m) => m.to.includes(g.pompey.email)), [], 'messages off: not emailed');
  // Nor to an address its owner has not confirmed.
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Lurker', { confirmed: false });
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  await b.client.post(`/v1/games/${game.id}/join`, {});
  await a.client.post(path(game.id), { text: 'hello unconfirmed' });
  clock.advance(40 * MINUTE);
  t.same(
    (await mail.deliver()).filter((m) => m.to.includes(b.email)).map((m) => m.subject),
    ['Confirm your email address for Alea'],
    'unconfirmed: its confirmation link, nothing else',
  );
});

t.test('a rematch offered is emailed to the opponent with its link', async (t) => {
  const { mail, g } = await setup(t);
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  await mail.deliver();
  const offer = (await g.pompey.client.post(`/v1/games/${g.id}/rematch`)).body;
  const mails = await mail.deliver();
  const m = to(t, mails, g.caesar.email);
  t.equal(mails.length, 1, 'to the opponent only');
  t.equal(m.subject, `Gnaeus offers a rematch of Julius Caesar #${g.game.number}`);
  t.match(m.text, /You would play Pompey, and Gnaeus Caesar, with the same options \(3 days per move\)\./);
  t.match(m.text, `Accept or decline: http://alea.test/games/${offer.id}`);
  t.ok(header(m, 'List-Unsubscribe'));
});
