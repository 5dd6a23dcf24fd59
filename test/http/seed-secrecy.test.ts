// The seed and the generator's state are secrets (issue 9, section 1): they predict every deal
// and die. Two games are played through the API by their players while everything either player
// or an observer can read is collected (every answer, errors included, every event stream), with
// the log lines and the emails enqueued; none may carry the seed (whole or any 12 digits of it),
// the generator (its tag, key or counter) or a `seed`/`rng` field.
import t from 'tap';
import { apiServer, openEvents, startGame } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { logCapture } from '../helpers/server.js';
import { bodiesOf } from '../../src/store/outbox-body.js';

t.test('no API answer, event, log line or email carries the seed or the generator state', async (t) => {
  const logs = logCapture('debug');
  const s = await apiServer(t, { logger: logs.logger });
  const observer = await s.signUp('Watcher');
  const texts: string[] = [];
  const keep = (r: { status: number; headers: Headers; text: string }) => texts.push(`${r.status} ${JSON.stringify([...r.headers.entries()])} ${r.text}`);
  const seeds: string[] = [];
  const pick = chooser(2026);

  for (let n = 0; n < 2; n++) {
    const g = await startGame(s);
    const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: g.id }, select: { seed: true, rng: true } });
    t.equal(row.rng, 'chacha20');
    t.match(row.seed, /^[0-9a-f]{64}$/);
    seeds.push(row.seed);
    const streams = await Promise.all([g.caesar, g.pompey, observer].map((u) => openEvents(s.base, g.id, { token: u.token })));
    for (let k = 0; k < 60; k++) {
      for (const u of [g.caesar, g.pompey, observer]) {
        keep(await u.client.get(`/v1/games/${g.id}`));
        keep(await u.client.get(`/v1/games/${g.id}/log`));
      }
      const game = (await g.caesar.client.get(`/v1/games/${g.id}`)).body;
      if (!game.pending.length) break;
      const u = g.byRole[game.pending[0]]!;
      const mine = (await u.client.get(`/v1/games/${g.id}`)).body;
      // A wrong action first (its error answer is collected too), then a legal one.
      keep(await u.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'nonsense' }, version: mine.version }));
      keep(await u.client.post(`/v1/games/${g.id}/actions`, { action: mine.legalActions[pick(mine.legalActions.length)], version: mine.version }));
    }
    keep(await g.caesar.client.post(`/v1/games/${g.id}/undo`, {}));
    keep(await g.pompey.client.post(`/v1/games/${g.id}/resign`, {}));
    keep(await g.caesar.client.get(`/v1/games/${g.id}`));
    for (const st of streams) {
      await st.close();
      texts.push(st.raw());
    }
  }
  keep(await observer.client.get('/v1/games'));
  keep(await observer.client.get('/v1/games?status=finished'));
  const emails = await s.db.prisma.outboxEmail.findMany({ select: { subject: true, textBody: true, htmlBody: true, bodyZ: true } });
  t.ok(emails.length > 2, `${emails.length} emails enqueued`);

  const everything = [...texts, logs.text(), ...emails.map((e) => `${e.subject}\n${bodiesOf(e).text}\n${bodiesOf(e).html}`)].join('\n');
  t.ok(texts.length > 400, `${texts.length} answers collected`);
  const found: string[] = [];
  for (const seed of seeds) {
    for (let i = 0; i + 12 <= 64; i++) if (everything.includes(seed.slice(i, i + 12))) found.push(`seed digits ${i}..${i + 11}`);
  }
  for (const word of ['chacha20', 'mulberry32', '"seed"', '"rng"', '"counter"']) if (everything.includes(word)) found.push(word);
  t.same(found.slice(0, 5), [], 'nothing of the seed or generator anywhere');
});
