// Whole games against the computer over HTTP (test/http/computer-games-*.test.ts): one person
// plays random legal actions with the generated client; the computer's moves are made by the
// worker's runner on a real search thread (src/app/computer/search-pool.ts) at a budget of a few iterations,
// never within a request. Checked: the game's answer names the computer, it holds no seat, it
// moves whenever it is to move, every move of it is legal (the runner reports any failure, and
// verify replays every logged action through the engine), the game ends, only the person gets
// emails.
import type { Test } from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { startComputer } from '../../src/app/computer/start.js';
import { levelTitle, searchMultiple } from '../../src/search/levels.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import type { Action } from '../../src/engine/index.js';
import { checkRecord } from '../../src/engine/record.js';
import { registered, type AleaClient, type Game } from '../client/api.js';
import { Client, confirmEmailThroughLink } from './api.js';
import { chooser } from './chooser.js';
import { listen, testServer } from './server.js';

/** The smallest budget: a few iterations a decision, so whole games stay quick. */
export const TINY = { iterations: 4, timeMs: 300 };

type Role = 'Caesar' | 'Pompey' | 'Roman' | 'Barbarian';

export interface Seat {
  game: 'julius-caesar' | 'caesars-gallic-war';
  person: Role;
  computer: Role;
}

export async function read(client: AleaClient, id: string): Promise<Game> {
  const { data, error, response } = await client.GET('/v1/games/{id}', { params: { path: { id } } });
  if (!data) throw new Error(`GET game: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

/** Plays whole games against the computer in `seats`, over HTTP, on a real search thread at a tiny budget; checks each. */
export async function playWholeGames(t: Test, seats: readonly Seat[], firstSeed: number): Promise<void> {
  const { app, db } = await testServer(t);
  const base = await listen(app);
  const errors: unknown[] = [];
  const times: number[] = [];
  const log = {
    ...app.services.log,
    error: (f: object) => void errors.push(f),
    info: (f: object) => void ((f as { timeMs?: number }).timeMs !== undefined && times.push((f as { timeMs: number }).timeMs)),
  };
  const computer = startComputer({ ...app.services, log }, { threads: 1, memoryMb: 256, budget: TINY })!;
  t.teardown(() => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    t.comment(`${times.length} decisions at ${TINY.iterations} iterations: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  });
  computer.start();
  t.teardown(() => computer.stop());

  let seed = firstSeed;
  for (const seat of seats) {
    await t.test(`${seat.game}: the person plays ${seat.person}, the computer ${seat.computer}`, async (t) => {
      const human = await registered(base, seat.person, `${seat.person.toLowerCase()}.${seat.game}@example.org`);
      await confirmEmailThroughLink({ db, anon: new Client(base) }, human.user.email);
      const created = await human.client.POST('/v1/games', { body: { game: seat.game, role: seat.person, opponent: 'computer', level: 'easy' } });
      t.equal(created.response.status, 201, 'created');
      let game = created.data!;
      t.equal(game.role, seat.person, 'the person takes the role asked for');
      t.same(game.computer, { role: seat.computer, level: 'easy', title: levelTitle('easy', searchMultiple(knowledge[seat.game], seat.computer)) }, "the game names the computer's role and level, and what the level costs in its seat");
      t.equal(game.bot, null);
      t.equal(game.status, 'active', 'it starts at once');
      t.same(game.openRoles, [], 'no seat is open');
      t.same(game.players.map((p) => p.role), [seat.person], 'the computer holds no seat');

      const pick = chooser(seed++);
      let moves = 0;
      const surprises: string[] = [];
      while (game.status === 'active') {
        if (!game.pending.includes(seat.person)) {
          // The computer is to move alone: its runner makes the move on a search thread.
          await computer.settle();
          const after = await read(human.client, game.id);
          if (after.version === game.version && after.status === 'active') surprises.push(`at version ${game.version} the computer did not move`);
          game = after;
          if (surprises.length) break;
          continue;
        }
        const action = game.legalActions[pick(game.legalActions.length)]! as Action;
        const res = await human.client.POST('/v1/games/{id}/actions', { params: { path: { id: game.id } }, body: { action, version: game.version } });
        if (res.response.status === 409) {
          // The computer moved meanwhile (a sealed card play: both were to act): read it again.
          game = await read(human.client, game.id);
          continue;
        }
        if (!res.data) throw new Error(`action ${JSON.stringify(action)}: ${res.response.status} ${JSON.stringify(res.error)}`);
        game = res.data;
        if (++moves > 5000) throw new Error('the game does not end');
      }
      await computer.settle();
      t.same(surprises, [], 'whenever the computer was to move, it moved');
      t.equal(game.status, 'finished', 'the game ends');
      t.ok(game.outcome, 'with an outcome');

      const entries = await db.prisma.gameAction.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
      const byComputer = entries.filter((e) => e.role === seat.computer && e.kind === 'action');
      t.ok(byComputer.length > 0, 'the computer moved');
      t.ok(byComputer.every((e) => e.userId === null), "the computer's log entries belong to no user");
      t.ok(entries.filter((e) => e.role === seat.person && e.kind === 'action').every((e) => e.userId === human.user.id), "the person's entries are theirs");
      // Its record checks (issue 38: no game against the computer did): the computer's role is no bot's.
      const record = await human.client.GET('/v1/games/{id}/record', { params: { path: { id: game.id } } });
      t.match(record.data, { computer: { role: seat.computer, level: 'easy' }, bot: null }, 'the record names the computer and its level');
      const keys = await human.client.GET('/v1/record-keys');
      const commitment = await human.client.GET('/v1/games/{id}/commitment', { params: { path: { id: game.id } } });
      const checked = checkRecord(record.data, { keys: keys.data!.keys, server: commitment.data! });
      t.ok(checked.ok, `its record checks: ${checked.problem ?? ''}`);
      const emails = await db.prisma.outboxEmail.findMany({ where: { gameId: game.id } });
      t.ok(emails.length > 0, 'the person gets emails');
      t.ok(emails.every((e) => e.userId === human.user.id), 'nobody else does');
      t.same((await db.prisma.gamePlayer.findMany({ where: { gameId: game.id } })).map((s) => s.role), [seat.person], 'no seat, so no deadline or reminder can concern the computer');
      t.comment(`the person made ${moves} moves, the computer ${byComputer.length}`);
    });
  }
  t.same(errors, [], 'the computer never failed (an illegal choice would be an error: the legal list is its only door)');
  // Replay applies every logged action through the engine, which refuses an illegal one.
  t.same(await verifyGames(db.prisma), { checked: seats.length, mismatches: [] }, "every game, the computer's moves included, replays to its snapshot");
}
