// The computer's seat in the service (src/app/computer/runner.ts), besides the whole games of
// test/http/computer-games-*.test.ts: no search on the request path, a pending move made after a
// restart, the per-account cap and what creation refuses, the queue's and the pool's bounds, and a
// search that fails or outlasts its time.
import t, { type Test } from 'tap';
import { computerJob, createComputerRunner, type ComputerJob } from '../../src/app/computer/runner.js';
import type { GameEvent } from '../../src/app/events.js';
import { createSearchPool } from '../../src/app/computer/search-pool.js';
import { startComputer } from '../../src/app/computer/start.js';
import type { Action } from '../../src/engine/index.js';
import { createWorker } from '../../src/worker.js';
import { registered } from '../client/api.js';
import { read, TINY } from '../helpers/computer.js';
import { chooser } from '../helpers/chooser.js';
import { listen, testServer } from '../helpers/server.js';
import type { TestDatabase } from '../helpers/db.js';

const quietWorker = (db: TestDatabase, app: Awaited<ReturnType<typeof testServer>>['app'], computer: Parameters<typeof createWorker>[0]['computer']) =>
  createWorker({
    prisma: db.prisma,
    clock: app.services.clock,
    config: app.services.config,
    transport: { send: async () => ({}) } as never,
    logger: { error: () => {}, warn: () => {}, info: () => {} } as never,
    options: { pollMs: 50 },
    ...(computer && { computer }),
  });

t.test('no search on the request path: the move that makes the computer pending is answered before the computer has moved', async (t) => {
  const { app, db } = await testServer(t);
  const base = await listen(app);
  const human = await registered(base, 'Vercingetorix', 'v@example.org');
  // No runner yet: nothing in the server makes the computer's moves.
  const created = await human.client.POST('/v1/games', { body: { game: 'caesars-gallic-war', role: 'Barbarian', opponent: 'computer', level: 'hard' } });
  t.equal(created.response.status, 201);
  const game = created.data!;
  t.ok(game.pending.includes('Roman'), 'the computer (Roman) is to play its first card, and the answer did not wait for it');
  const count = () => db.prisma.gameAction.count({ where: { gameId: game.id, kind: 'action' } });
  t.equal(await count(), 0, 'no move of the computer exists');

  const events: GameEvent[] = [];
  app.services.events.subscribe(game.id, (e) => void events.push(e));
  const computer = startComputer(app.services, { threads: 1, memoryMb: 256, budget: TINY })!;
  t.teardown(() => computer.stop());
  await computer.fill();
  await computer.settle();
  const after = await read(human.client, game.id);
  t.ok(after.version > game.version, 'the worker made the move');
  t.ok(after.pending.includes('Barbarian'), 'and it is the person\'s turn');
  t.ok(await count() >= 1);
  const thinking = events.findIndex((e) => e.thinking === 'Roman');
  const moved = events.findIndex((e) => e.thinking === undefined && e.version > game.version);
  t.ok(thinking >= 0, 'the game\'s listeners were told that the computer is thinking');
  t.ok(thinking < moved, 'before its move landed');
  t.equal(events[thinking]!.version, game.version, 'at the version it decided on');

  // Now the person's move that hands the turn back: answered with the computer pending, before it moves.
  await computer.stop();
  let g = after;
  while (g.pending.includes('Barbarian')) {
    const res = await human.client.POST('/v1/games/{id}/actions', { params: { path: { id: g.id } }, body: { action: g.legalActions[0]! as Action, version: g.version } });
    g = res.data!;
  }
  t.ok(g.pending.includes('Roman'), "the answer has the computer to move");
  const last = await db.prisma.gameAction.findFirst({ where: { gameId: g.id }, orderBy: { seq: 'desc' } });
  t.equal(last!.role, 'Barbarian', 'and the last log entry is the person\'s own: the computer has not moved');
  t.equal(last!.seq, g.version);
});

t.test('a pending computer move survives a restart: the worker that starts again makes it', async (t) => {
  const { app, db } = await testServer(t);
  const base = await listen(app);
  const human = await registered(base, 'Pompey', 'pompey@example.org');
  const created = await human.client.POST('/v1/games', { body: { game: 'caesars-gallic-war', role: 'Barbarian', opponent: 'computer', level: 'normal' } });
  const game = created.data!;
  t.ok(game.pending.includes('Roman'), 'the computer is to move');

  // The first worker starts thinking, and is stopped before its decision comes.
  let thinking!: () => void;
  const started = new Promise<void>((r) => (thinking = r));
  let endThinking!: (e: Error) => void;
  const first = createComputerRunner(app.services, {
    slots: 1,
    think: () => {
      thinking();
      return new Promise<Action>((_, reject) => (endThinking = reject));
    },
    close: async () => endThinking(new Error('stopped')),
  });
  const w1 = quietWorker(db, app, first);
  w1.start();
  await started;
  await w1.stop();
  t.equal((await read(human.client, game.id)).version, game.version, 'stopped while thinking: no move was made');

  // Started again (a new process would do the same: the queue is the database).
  const computer = startComputer(app.services, { threads: 1, memoryMb: 256, budget: TINY })!;
  const w2 = quietWorker(db, app, computer);
  w2.start();
  t.teardown(() => w2.stop());
  let after = await read(human.client, game.id);
  for (let i = 0; i < 200 && after.version === game.version; i++) {
    await new Promise((r) => setTimeout(r, 50));
    after = await read(human.client, game.id);
  }
  t.ok(after.version > game.version, 'the move landed after the restart');
  const entry = await db.prisma.gameAction.findFirst({ where: { gameId: game.id, kind: 'action' }, orderBy: { seq: 'asc' } });
  t.match(entry, { role: 'Roman', userId: null }, "it is the computer's");
});

t.test('the per-account cap on games against the computer (409 too_many_computer_games), and what is refused', async (t) => {
  const { app } = await testServer(t, { security: { gameLimits: { burst: 100, intervalMs: 1, maxOpen: 10, maxBotGames: 5, maxComputerGames: 2, lobbyPerCreator: 3 } } });
  const base = await listen(app);
  const a = await registered(base, 'Brutus', 'brutus@example.org');
  const b = await registered(base, 'Cassius', 'cassius@example.org');
  const one = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar', opponent: 'computer', level: 'easy' } });
  const two = await a.client.POST('/v1/games', { body: { game: 'caesars-gallic-war', role: 'random', opponent: 'computer' } });
  t.equal(one.response.status, 201);
  t.equal(two.response.status, 201);
  t.equal(two.data!.computer!.level, 'normal', 'the level is normal unless asked');
  t.not(two.data!.computer!.role, two.data!.role, 'a random role for the person, the other for the computer');
  // The Gallic War's Roman searches twice his level's ways (its computer knowledge's searchMultiple).
  t.equal(two.data!.computer!.title, `Normal: weighs ${two.data!.computer!.role === 'Roman' ? 600 : 300} ways each move could go on (up to a second a move)`, "the title names the ways the computer's seat weighs");
  t.equal(one.data!.computer!.title, 'Easy: plays by feel, trying 60 ways each move could go on (a third of a second a move)');
  const three = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Pompey', opponent: 'computer', level: 'hard' } });
  t.equal(three.response.status, 409, 'a third game against the computer is refused');
  t.match(three.error, { code: 'too_many_computer_games', limit: 2 });
  t.equal((await a.client.GET('/v1/games', { params: { query: { mine: true } } })).data!.items.length, 2, 'and nothing was created');
  const open = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar' } });
  t.equal(open.response.status, 201, 'a game against people is another count');

  const resign = await a.client.POST('/v1/games/{id}/resign', { params: { path: { id: one.data!.id } }, body: {} });
  t.equal(resign.response.status, 200, 'resigning one ...');
  const again = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Pompey', opponent: 'computer', level: 'hard' } });
  t.equal(again.response.status, 201, '... frees its place');

  const level = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar', level: 'easy' } });
  t.equal(level.response.status, 400, 'a level without the computer is refused');
  t.match(level.error, { code: 'validation_failed', errors: [{ path: '/level' }] });
  const badLevel = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar', opponent: 'computer', level: 'grandmaster' as never } });
  t.equal(badLevel.response.status, 400, 'an unknown level is refused');
  const rated = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar', opponent: 'computer', rated: true } });
  t.equal(rated.response.status, 400, 'a game against the computer is never rated');
  t.match(rated.error, { code: 'validation_failed', errors: [{ path: '/rated' }] });
  t.equal(two.data!.rated, false, 'and is not');

  const id = two.data!.id;
  const join = await b.client.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} });
  t.equal(join.response.status, 409, 'nobody can join a game against the computer');
  const lobby = await b.client.GET('/v1/games', { params: { query: { status: 'open' } } });
  t.notOk(lobby.data!.items.some((g) => g.computer !== null), 'no game against the computer is ever in the lobby of open games');
  const message = await a.client.POST('/v1/games/{id}/messages', { params: { path: { id } }, body: { text: 'Ave' } });
  t.equal(message.response.status, 409, 'no messages to the computer');
  t.match(message.error, { code: 'conflict', detail: /against the computer, which reads no messages/ });
  const rematch = await a.client.POST('/v1/games/{id}/rematch', { params: { path: { id: again.data!.id } } });
  t.equal(rematch.response.status, 409, 'no rematch against the computer');
  t.match(rematch.error, { code: 'conflict', detail: /not over|against the computer/ });
  t.equal((await a.client.POST('/v1/games/{id}/resign', { params: { path: { id: again.data!.id } }, body: {} })).response.status, 200);
  const after = await a.client.POST('/v1/games/{id}/rematch', { params: { path: { id: again.data!.id } } });
  t.match(after.error, { code: 'conflict', detail: 'A game against the computer has no rematch: start a new one.' }, 'not even once it is over');
  const mine = await a.client.GET('/v1/games', { params: { query: { mine: true } } });
  t.ok(mine.data!.items.filter((g) => g.computer !== null).every((g) => typeof g.computer!.title === 'string'), 'my games name the computer and its level');
});

t.test("the queue's bound: never more decisions at once than slots, never more searches than threads", async (t) => {
  const { app } = await testServer(t);
  const base = await listen(app);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const h = await registered(base, `Gaul ${i}`, `gaul${i}@example.org`);
    ids.push((await h.client.POST('/v1/games', { body: { game: 'caesars-gallic-war', role: 'Barbarian', opponent: 'computer' } })).data!.id);
  }
  // The runner: 5 games waiting on the computer, 2 slots; each decision held until released.
  let now = 0;
  let most = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const decided = new Set<string>();
  const runner = createComputerRunner(app.services, {
    slots: 2,
    think: async (job: ComputerJob) => {
      most = Math.max(most, ++now);
      await gate;
      now--;
      decided.add(job.gameId);
      const { computerInput } = await import('../../src/app/computer/search-input.js');
      const { games } = await import('../../src/engine/index.js');
      return computerInput(games[job.module]!, job.game, job.actions, job.role).legal[0]!;
    },
  });
  await runner.fill();
  t.equal(runner.busy(), 2, 'two decisions started');
  for (let i = 0; i < 200 && now < 2; i++) await new Promise((r) => setTimeout(r, 25));
  await runner.fill();
  await new Promise((r) => setTimeout(r, 300));
  t.equal(now, 2, 'both are thinking, and no third one started while they do');
  release();
  await runner.settle();
  t.equal(most, 2, 'never more than two at once');
  t.same([...decided].sort(), [...ids].sort(), 'and every game got its move in turn');

  // The pool: 6 decisions asked at once of 2 threads (for whichever role is to move: the pool does not care).
  let busy = 0;
  let peak = 0;
  const pool = createSearchPool({ threads: 2, memoryMb: 256, budget: TINY, onBusy: (n) => ((busy = n), (peak = Math.max(peak, n))) });
  t.teardown(() => pool.close());
  const { findGame, listEntries } = await import('../../src/store/games.js');
  const { standingActions } = await import('../../src/app/games/history.js');
  const jobs = await Promise.all(
    [...ids, ids[0]!].map(async (id, i) => {
      const row = (await findGame(app.services.prisma, id))!;
      return computerJob(row, standingActions(await listEntries(app.services.prisma, id)), row.pending[0]!, `s${i}`);
    }),
  );
  const answers = await Promise.all(jobs.map((j) => pool.think(j)));
  t.equal(answers.length, 6, 'every decision answered');
  t.ok(answers.every((a) => typeof a.type === 'string'), 'with an action');
  t.equal(peak, 2, 'at most two searches at once');
  t.equal(busy, 0);
});

t.test('a decision that fails in its thread is an error, not a hang; a thread past its time is ended', async (t: Test) => {
  const pool = createSearchPool({ threads: 1, memoryMb: 256, budget: { iterations: 1, timeMs: 1 } });
  t.teardown(() => pool.close());
  // A job whose input cannot be built fails in the thread.
  const job = { gameId: 'x', module: 'no-such-game', game: { seed: '0', rng: 'chacha20', options: {} }, actions: [], role: 'Roman', level: 'easy', seed: 's' };
  await t.rejects(pool.think(job), /not installed/);
  t.equal(pool.busy(), 0, 'the thread is free again');
  // No grace past a 1 ms cap: a decision that takes longer has its thread ended, and fails. A
  // decision ends itself at its cap, so the one that cannot is a thread that never held the game
  // building its input from hundreds of actions (tens of milliseconds before any search).
  const hasty = createSearchPool({ threads: 1, memoryMb: 256, budget: { iterations: 100_000, timeMs: 1 }, graceMs: 0 });
  t.teardown(() => hasty.close());
  const { findGame, listEntries } = await import('../../src/store/games.js');
  const { standingActions } = await import('../../src/app/games/history.js');
  const { app } = await testServer(t);
  const human = await registered(await listen(app), 'Cato', 'cato@example.org');
  const id = (await human.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar', opponent: 'computer' } })).data!.id;
  const row = (await findGame(app.services.prisma, id))!;
  const real = computerJob(row, standingActions(await listEntries(app.services.prisma, id)), 'Pompey', 's');
  const { games } = await import('../../src/engine/index.js');
  const { setupGame } = await import('../../src/app/games/history.js');
  const m = games['julius-caesar']!;
  let s = setupGame(m, real.game);
  for (const a of real.actions) s = m.apply(s, a.role, a.action);
  const pick = chooser(5);
  while (real.actions.length < 400 && m.pending(s).length > 0) {
    const role = m.pending(s)[0]!;
    const legal = m.legalActions(s, role);
    const action = legal[pick(legal.length)]!;
    s = m.apply(s, role, action);
    real.actions.push({ seq: real.actions.length + 1, role, action });
  }
  await t.rejects(hasty.think(real), /its thread was ended/, 'a decision past its time by far: its thread is ended');
  t.equal(pool.busy(), 0);
});
