// Racing submissions for one step: exactly one wins, the others get stale_version with the
// current version (or, sharing an Idempotency-Key, the winner's answer); the game stays valid.
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { apiServer, look, startGame, toCommand } from '../helpers/api.js';

const N = 16;

t.test(`${N} identical submissions at once: one accepted, the rest 409, state valid`, async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const game = await toCommand(g);
  const moves = game.legalActions.filter((a: any) => a.type === 'move');
  for (let round = 0; round < 3; round++) {
    const now = await look(g.caesar, g.id);
    const action = now.legalActions.find((a: any) => a.type === 'move') ?? { type: 'done' };
    const results = await Promise.all(
      Array.from({ length: N }, () => g.caesar.client.post(`/v1/games/${g.id}/actions`, { action, version: now.version })),
    );
    const statuses = results.map((r) => r.status).sort();
    t.same(statuses, [200, ...Array(N - 1).fill(409)], `round ${round}`);
    for (const r of results.filter((r) => r.status === 409)) t.match(r.body, { code: 'stale_version', currentVersion: now.version + 1 });
    t.equal((await look(g.caesar, g.id)).version, now.version + 1);
  }
  t.ok(moves.length > 0);
  const count = await s.db.prisma.gameAction.count({ where: { gameId: g.id } });
  t.equal(count, (await look(g.caesar, g.id)).version, 'one log entry per version, no gaps');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] });
});

t.test('different actions racing for one step: still exactly one wins', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const game = await toCommand(g);
  const actions = game.legalActions.slice(0, N);
  const results = await Promise.all(actions.map((action: unknown) => g.caesar.client.post(`/v1/games/${g.id}/actions`, { action, version: game.version })));
  t.equal(results.filter((r) => r.status === 200).length, 1);
  t.equal(results.filter((r) => r.status === 409).length, actions.length - 1);
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] });
});

t.test('the same request with one Idempotency-Key, many times at once: acted once, one answer', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const game = await toCommand(g);
  const action = game.legalActions.find((a: any) => a.type === 'move');
  const results = await Promise.all(
    Array.from({ length: N }, () =>
      g.caesar.client.post(`/v1/games/${g.id}/actions`, { action, version: game.version }, { headers: { 'idempotency-key': 'one-move' } }),
    ),
  );
  t.same(results.map((r) => r.status), Array(N).fill(200));
  t.equal(results.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, N - 1);
  for (const r of results) t.same(r.body, results[0]!.body);
  t.equal((await look(g.caesar, g.id)).version, game.version + 1);
});

t.test('actions of many games at once do not disturb each other', async (t) => {
  const s = await apiServer(t);
  const games = await Promise.all(Array.from({ length: 6 }, () => startGame(s)));
  await Promise.all(
    games.map(async (g) => {
      for (let i = 0; i < 4; i++) {
        for (const u of [g.caesar, g.pompey]) {
          const mine = await look(u, g.id);
          if (!mine.pending.includes(u.role)) continue;
          const res = await u.client.post(`/v1/games/${g.id}/actions`, { action: mine.legalActions[0], version: mine.version });
          if (res.status !== 200) throw new Error(res.text);
        }
      }
    }),
  );
  t.same(await verifyGames(s.db.prisma), { checked: 6, mismatches: [] });
});
