// Bot accounts (issue 42, as Lichess has them): an account declares itself a bot once, before it
// has played (no seat in any game, no rating), and stays one. A bot is marked "bot" wherever its
// name shows (PlayerRef.bot, the player's page, `GET /v1/me`), plays only by challenge (either way)
// or in open public games that allow bots (`allowBots`, chosen by their creator), and against the
// computer or the rulebook bot (unrated, as anyone); it never opens a game for people to find,
// never seeks, and is ranked on the bots' leaderboard only (ratings/leaderboard.ts). It signs in
// to manage itself (Settings), and plays with personal API tokens (src/app/api-tokens/).
import type { Db } from '../../store/games.js';
import { hasPlayed, setBotSince } from '../../store/bot-accounts.js';
import { lockUser } from '../../store/users.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';

/** Makes the account a bot (again: it is one already); 409 once it has played. Answers when it became one. */
export async function declareBot(ctx: ServiceContext, userId: string): Promise<Date> {
  return ctx.prisma.$transaction(async (tx) => {
    // Under the account's lock: a game created or joined meanwhile waits (game-limits.ts takes it too).
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    if (user.botSince) return user.botSince;
    if (await hasPlayed(tx, userId)) {
      throw new AppError('conflict', 'This account has played already: only an account that has never played may become a bot. Register a new account for your bot.');
    }
    const now = ctx.clock.now();
    await setBotSince(tx, userId, now);
    return now;
  });
}

/** What a bot account was about to do where only people play, in the refusal's words. */
export type BotRefusal = 'create' | 'seek' | 'join';

const WORDS: Record<BotRefusal, string> = {
  create: 'A bot account plays by challenge, or joins games that allow bots: it does not open games for people to find (a game against the computer or the rulebook bot is fine).',
  seek: 'A bot account plays by challenge, or joins games that allow bots: "play anyone" is for people.',
  join: 'This game does not allow bots: a bot account joins only games that allow bots, or a game it is challenged to.',
};

/** Refuses (403 `bots_not_allowed`) what a bot account may not do. */
export function refuseBot(what: BotRefusal): never {
  throw new AppError('bots_not_allowed', WORDS[what]);
}

/** Is this account a bot? (For callers that have not read the account.) */
export async function isBot(db: Db, userId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ bot: boolean }[]>`SELECT bot_since IS NOT NULL AS bot FROM users WHERE id = ${userId}::uuid`;
  return rows[0]?.bot === true;
}
