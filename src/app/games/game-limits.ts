// How many games one account may create (issue: one account made 400 games against the bot in
// 3.4 s, about 2.4 GB of database an hour from one client, and 350 open public games filled the
// lobby's first page). Checked in the creating transaction, under the creator's row lock, so two
// creations of one account never both pass a check the first one fills:
//  - a cap on open games (waiting for an opponent) and on games against the bot, and against the
//    computer, in progress: 409 with a code of its own (too_many_open_games, too_many_bot_games,
//    too_many_computer_games) naming the limit;
//  - a rate: a burst of `burst` creations, then one every `intervalMs` (a token bucket kept as one
//    timestamp, the generic cell rate algorithm), 429 with Retry-After. Cancelled games count:
//    the rate is of creations. A request refused spends nothing.
// The lobby's share per creator is applied where the lobby is listed (store/games.ts listGames).
import type { Prisma } from '../../store/prisma.js';
import { countGamesInProgress, lockUser, setGameCreationTat } from '../../store/users.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import { refuseUnconfirmedRated } from '../ratings/rated-games.js';

/** "minute", "2 minutes", "second", "30 seconds" */
function every(ms: number): string {
  const [n, unit] = ms % 3600_000 === 0 ? [ms / 3600_000, 'hour'] : ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** What a new game is played against: people (it waits for them), the bot, or the computer. */
export type Opponent = 'people' | 'bot' | 'computer';

/** Refuses (403, 409, 429) a new game the account may not create now; otherwise spends one creation. */
export async function admitNewGame(tx: Prisma.TransactionClient, ctx: ServiceContext, userId: string, opponent: Opponent, now: Date, rated: boolean): Promise<void> {
  const limits = ctx.security.gameLimits;
  const user = await lockUser(tx, userId);
  if (!user) throw accountGone();
  if (rated) refuseUnconfirmedRated(user);
  const counts = await countGamesInProgress(tx, userId);
  if (opponent === 'bot' && counts.againstBot >= limits.maxBotGames) {
    throw new AppError('too_many_bot_games', `You may have at most ${limits.maxBotGames} games against the bot in progress: finish or resign one first.`, { limit: limits.maxBotGames });
  }
  if (opponent === 'computer' && counts.againstComputer >= limits.maxComputerGames) {
    throw new AppError('too_many_computer_games', `You may have at most ${limits.maxComputerGames} games against the computer in progress: finish or resign one first.`, { limit: limits.maxComputerGames });
  }
  if (opponent === 'people' && counts.open >= limits.maxOpen) {
    throw new AppError('too_many_open_games', `You may have at most ${limits.maxOpen} open games waiting for an opponent: cancel one, or wait for someone to join.`, { limit: limits.maxOpen });
  }
  // GCRA: the bucket is full when tat <= now; each creation moves tat one interval on; a burst
  // may run it up to (burst - 1) intervals ahead of now.
  const tat = Math.max(user.gameCreationTat?.getTime() ?? 0, now.getTime());
  const ahead = tat - now.getTime() - (limits.burst - 1) * limits.intervalMs;
  if (ahead > 0) {
    const seconds = Math.ceil(ahead / 1000);
    throw new AppError('rate_limited', `You may create at most ${limits.burst} games at once, then one every ${every(limits.intervalMs)}; retry in ${seconds} s.`, {
      retryAfter: seconds,
      limit: limits.burst,
    });
  }
  await setGameCreationTat(tx, userId, new Date(tat + limits.intervalMs));
}
