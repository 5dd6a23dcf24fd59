// The seed and the generator's state are secrets (issue 9, section 1): they predict every deal
// and die. Two games are played through the API by their players while everything either player
// or an observer can read is collected (every answer, errors included, every event stream), with
// the log lines and the emails enqueued; none may carry the seed (whole or any 12 digits of it),
// the generator (its tag, key or counter) or a `seed`/`rng` field, while the game runs: its records,
// transcripts and past positions included. Once it is over the seed is published (fair dice, the
// seed's SHA-256 being the commitment shown from the start); the generator's key never is.
import t from 'tap';
import { games } from '../../src/engine/index.js';
import { seedCommitment } from '../../src/engine/kit/dice.js';
import { recordKey } from '../../src/engine/record.js';
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
  const keys: string[] = [];
  const after: { seed: string; texts: string[] }[] = [];
  const pick = chooser(2026);

  for (let n = 0; n < 2; n++) {
    const g = await startGame(s);
    const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: g.id }, select: { seed: true, rng: true, seedCommitment: true, players: { select: { role: true, playerSeed: true } } } });
    t.equal(row.rng, 'chacha20');
    t.match(row.seed, /^[0-9a-f]{64}$/);
    t.equal(row.seedCommitment, seedCommitment(row.seed), 'the commitment is the SHA-256 of the seed');
    seeds.push(row.seed);
    keys.push(recordKey(games['julius-caesar']!, row.seed, null, row.players));
    const streams = await Promise.all([g.caesar, g.pompey, observer].map((u) => openEvents(s.base, g.id, { token: u.token })));
    for (let k = 0; k < 60; k++) {
      for (const u of [g.caesar, g.pompey, observer]) {
        keep(await u.client.get(`/v1/games/${g.id}`));
        keep(await u.client.get(`/v1/games/${g.id}/log`));
        if (k % 10 === 0) {
          // What replay and export serve while the game runs: the reader's share only.
          keep(await u.client.get(`/v1/games/${g.id}/record`));
          keep(await u.client.get(`/v1/games/${g.id}/transcript`));
          keep(await u.client.get(`/v1/games/${g.id}/positions/${Math.max(1, k)}`));
        }
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
    // The end: from now on the seed is public.
    const ended: string[] = [];
    const end = (r: { status: number; text: string }) => ended.push(`${r.status} ${r.text}`);
    end(await g.pompey.client.post(`/v1/games/${g.id}/resign`, {}));
    for (const u of [g.caesar, observer]) {
      end(await u.client.get(`/v1/games/${g.id}`));
      end(await u.client.get(`/v1/games/${g.id}/record`));
      end(await u.client.get(`/v1/games/${g.id}/positions/2`));
    }
    after.push({ seed: row.seed, texts: ended });
    for (const st of streams) {
      await st.close();
      texts.push(st.raw());
    }
  }
  // The lists show the two finished games with their seeds (published), and nothing of their generators.
  const lists = [(await observer.client.get('/v1/games')).text, (await observer.client.get('/v1/games?status=finished')).text].join('\n');
  t.ok(seeds.every((seed) => lists.includes(`"seed":"${seed}"`)), 'the lists of finished games carry their seeds');
  t.notOk(keys.some((key) => lists.includes(key.slice(0, 12))) || /chacha20|"rng"|"counter"/.test(lists), 'not their generators');
  const emails = await s.db.prisma.outboxEmail.findMany({ select: { subject: true, textBody: true, htmlBody: true, bodyZ: true } });
  t.ok(emails.length > 2, `${emails.length} emails enqueued`);

  const everything = [...texts, logs.text(), ...emails.map((e) => `${e.subject}\n${bodiesOf(e).text}\n${bodiesOf(e).html}`)].join('\n');
  t.ok(texts.length > 400, `${texts.length} answers collected`);
  const found: string[] = [];
  for (const seed of seeds) {
    for (let i = 0; i + 12 <= 64; i++) if (everything.includes(seed.slice(i, i + 12))) found.push(`seed digits ${i}..${i + 11}`);
  }
  for (const key of keys) {
    for (let i = 0; i + 12 <= 64; i++) if (everything.includes(key.slice(i, i + 12))) found.push(`key digits ${i}..${i + 11}`);
  }
  for (const word of ['chacha20', 'mulberry32', '"seed"', '"rng"', '"counter"']) if (everything.includes(word)) found.push(word);
  t.same(found.slice(0, 5), [], 'nothing of the seed or generator anywhere');

  // Once over, the game's answer, record and positions publish the seed, never the generator.
  for (const [i, a] of after.entries()) {
    const text = a.texts.join('\n');
    t.ok(a.texts.every((x) => x.startsWith('200 ')), 'the finished game is read');
    t.ok(a.texts.filter((x) => x.includes(`"seed":"${a.seed}"`)).length >= 4, 'its answers and records carry the seed');
    const leaks = [];
    for (const key of [keys[i]!, ...keys]) for (let j = 0; j + 12 <= 64; j++) if (text.includes(key.slice(j, j + 12))) leaks.push(`key digits ${j}..${j + 11}`);
    for (const word of ['chacha20', '"rng"', '"counter"']) if (text.includes(word)) leaks.push(word);
    for (const other of seeds.filter((x) => x !== a.seed)) if (text.includes(other)) leaks.push('another game\'s seed');
    t.same(leaks.slice(0, 5), [], 'nor the key or state of the generator');
  }
});
