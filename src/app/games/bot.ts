// The bot's seat: a game created "against the bot" (`opponent: 'bot'`) is set up with
// `{ solitaire: true }`, its creator takes the module's other role, and no person holds the
// bot's role (GameModule.bot). Whenever that role is pending, the service plays
// `bot.action(state)` through the same change path as a person's action (change.ts): one log
// entry per move (with no user), so replay and `npm run verify` cover the bot's play as they
// cover anyone's. The bot has no seat row, so it gets no emails, reminders or deadlines.
//
// Who runs it: the person's own request, right after the change that left the bot pending
// (thenBot: the answer is the game after the bot's moves, so the person never sees a version the
// bot is about to replace), and the worker's round (runDueBots) for any game a crash, a restart or
// a failed bot move left waiting on the bot. Every move is decided under the game's row lock from
// the state found there, so several runners for one game never play a move twice or out of turn.
import type { GameModule } from '../../engine/index.js';
import { gamesAwaitingBot } from '../../store/bot-games.js';
import type { PrismaClient } from '../../store/prisma.js';
import { changeGame } from './change/change.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import type { Answer } from './idempotency.js';
import { botRoleOf, type GameResource } from './present.js';

export { botRoleOf };

/** The role a person takes against the bot: the module's other one. */
export function humanRoleAgainstBot(m: GameModule): string {
  if (!m.bot) throw new AppError('validation_failed', `${m.title} has no bot to play against.`, { errors: [{ in: 'body', path: '/opponent', message: `${m.title} has no bot: leave opponent out` }] });
  const others = m.roles.filter((r) => r !== m.bot!.role);
  if (others.length !== 1) throw new Error(`${m.id}: a bot game needs exactly one other role`);
  return others[0]!;
}

/** Thrown inside a change to leave it without writing anything: the bot has nothing to do. */
class NothingToDo extends Error {}

// One run plays the bot's moves in a row while it stays pending; a game never asks for this many
// in a row, so more means a module that keeps the bot pending for ever: stop and say so.
const MAX_MOVES_IN_A_ROW = 2_000;

/**
 * Plays the bot's moves while it is pending in this game. Each move is one change transaction
 * (the bot's entry has no user); returns the game after the last one as `userId` sees it, or null
 * when the bot had nothing to do.
 */
export async function playBot(ctx: ServiceContext, gameId: string, userId: string): Promise<GameResource | null> {
  let last: GameResource | null = null;
  for (let played = 0; played < MAX_MOVES_IN_A_ROW; played++) {
    try {
      const answer = await changeGame(ctx, { userId, gameId }, (g) => {
        const role = botRoleOf(g.module, g.row.options);
        if (role === null || g.row.status !== 'active' || !g.module.pending(g.state).includes(role)) throw new NothingToDo();
        const action = g.module.bot!.action(g.state);
        // The engine checks the bot's action like anyone's: an illegal one throws and nothing is written.
        return { kind: 'action', role, action, state: g.module.apply(g.state, role, action), madeBy: 'bot' };
      });
      last = answer.body;
    } catch (err) {
      if (err instanceof NothingToDo) return last;
      throw err;
    }
  }
  throw new Error(`game ${gameId}: the bot was still pending after ${MAX_MOVES_IN_A_ROW} moves in a row`);
}

/**
 * After a person's change: if it left the bot pending, the bot moves now, and the answer is the
 * game after its moves (a repeated request replays the first answer and moves nothing). A bot
 * move that fails leaves the person's change standing: the answer shows the bot still to move,
 * and the worker's round tries again.
 */
export async function thenBot(ctx: ServiceContext, userId: string, answer: Answer<GameResource>): Promise<Answer<GameResource>> {
  const game = answer.body;
  if (answer.replayed || game.bot === null || game.status !== 'active' || !game.pending.includes(game.bot)) return answer;
  try {
    const after = await playBot(ctx, game.id, userId);
    return after ? { ...answer, body: after } : answer;
  } catch (err) {
    ctx.log.error({ err, gameId: game.id }, 'the bot could not move; the worker will retry');
    return answer;
  }
}

/**
 * The worker's job: play the bot in every active bot game where it is pending (left so by a
 * crash, a restart, or a change whose background run failed). Returns the games handled.
 */
export async function runDueBots(ctx: ServiceContext, onError: (gameId: string, err: unknown) => void, limit = 20): Promise<number> {
  const due = await gamesAwaitingBot(ctx.prisma as PrismaClient, limit);
  let handled = 0;
  for (const g of due) {
    try {
      if ((await playBot(ctx, g.id, g.createdById)) !== null) handled++;
    } catch (err) {
      onError(g.id, err);
    }
  }
  return handled;
}
