// Issue 10: the daily digest email preference: nothing as it happens, one email a day at 07:00
// UTC per user listing their games that changed or await their move; public facts only.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { act, apiServer, look, startGame } from '../helpers/api.js';
import { mailHarness, rawText } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';

t.test('digest: no email as things happen, one a day at 07:00 UTC with the games that await my move', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  const patched = await g.pompey.client.patch('/v1/me', { notifications: { email: 'digest' } });
  t.equal(patched.status, 200, patched.text);
  t.equal(patched.body.notifications.email, 'digest');

  // Day 1, 12:00 (after 07:00): today's digest goes at once.
  let mails = await mail.deliver();
  const first = mails.filter((m) => m.to.includes(g.pompey.email));
  t.equal(first.length, 1, 'one digest on day 1');
  t.match(first[0]!.subject, /^Alea daily digest: 1 game$/);
  t.match(first[0]!.text, new RegExp(`Julius Caesar #${g.game.number} \\(you play Pompey\\): your move, due by`));
  t.match(first[0]!.text, `http://alea.test/games/${g.id}`);

  // Pompey discards, then Caesar: Pompey's card play starts; an `all` player would get "your move".
  const discard = async (u: typeof g.caesar) => act(u, g.id, (await look(u, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await discard(g.pompey);
  await discard(g.caesar);
  clock.set('2026-01-02T06:59:00.000Z');
  mails = await mail.deliver();
  t.same(mails.filter((m) => m.to.includes(g.pompey.email)), [], 'nothing to a digest user as it happens, nor before 07:00');

  clock.set('2026-01-02T07:00:00.000Z');
  mails = await mail.deliver();
  const second = mails.filter((m) => m.to.includes(g.pompey.email));
  t.equal(second.length, 1, 'the day 2 digest at 07:00');
  t.match(second[0]!.text, /your move, due by/);
  // Public facts only: no card of Pompey's hand (card ids look like K08 / G01) in the digest.
  t.notMatch(rawText(second[0]!).replace(/=\r?\n/g, ''), /\b[KG]\d\d\b/, 'no card named');
  clock.set('2026-01-02T20:00:00.000Z');
  t.same((await mail.deliver()).filter((m) => m.to.includes(g.pompey.email)), [], 'one a day');
});
