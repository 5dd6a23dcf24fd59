// "Play anyone": a player says which game, which sides they would play, which times per move and
// (if they care) which options, and is paired with the first compatible game waiting in the lobby
// (the oldest: first come, first served), whether another seeker's or one made from the new-game
// form; if there is none, their seek waits in the lobby as an open public game that the next
// compatible seeker, or anyone browsing the lobby, joins. A seeker who would play either side
// waits in a game whose creator would play either side (games.any_role): whoever joins may take
// either. Never between two people who blocked one another (src/store/lobby.ts leaves them out;
// joinGame refuses them). A seek is a game created or joined, within the creation limits
// (game-limits.ts), rated or not as asked (default not; rated play needs a confirmed address),
// with the seeker's own seed for the dice as on creating or joining. Repeating a seek that waits
// answers the same game. Seeks of one game are made one at a time (store/lobby.ts withSeekLock),
// so two compatible seeks sent at once pair instead of both waiting.
import { games } from '../../engine/index.js';
import { ownOpenGames, seekCandidates, withSeekLock } from '../../store/lobby.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { resolveOptions } from '../games/game-options.js';
import { createGame, DEFAULT_DAYS_PER_MOVE, joinGame, readGameAs } from '../games/games.js';
import { isBot, refuseBot } from '../bot-accounts/bot-accounts.js';
import type { Answer } from '../games/idempotency.js';
import type { GameResource } from '../games/present.js';

export interface SeekInput {
  game: string;
  /** The sides the seeker would play (default: any). */
  roles?: string[];
  /** Acceptable times per move, days or null for no limit (default: any); the first is the seek's own. */
  daysPerMove?: (number | null)[];
  /** The game's options the seeker wants (default: any; a game of their own has the defaults). */
  options?: Record<string, unknown>;
  /** A rated game (default false): paired with rated games only, and unrated with unrated. */
  rated?: boolean;
  /** The seeker's own seed for the dice (64 hex digits), as on creating or joining a game. */
  playerSeed?: string;
}

/** Candidates tried in turn (another seeker may take one first). */
const TRIES = 5;

const invalid = (path: string, message: string, detail: string) => new AppError('validation_failed', detail, { errors: [{ in: 'body', path, message }] });

/** Pairs the seeker with the first compatible waiting game (200, started), or leaves their seek waiting (201, open; 200 if it waited already). */
export async function seek(ctx: ServiceContext, userId: string, input: SeekInput): Promise<Answer<GameResource>> {
  const m = games[input.game];
  if (!m) throw invalid('/game', 'is not a known game', `There is no game "${input.game}".`);
  const roles = [...new Set(input.roles ?? m.roles)];
  const unknown = roles.find((r) => !m.roles.includes(r));
  if (unknown !== undefined) throw invalid('/roles', `must be among ${m.roles.join(', ')}`, `${m.title} has no side "${unknown}".`);
  if (roles.length === 0) throw invalid('/roles', 'is empty', 'Name at least one side you would play.');
  if (m.roles.length !== 2) throw new Error(`seeks serve games of two sides (${m.id} has ${m.roles.length})`);
  const days = input.daysPerMove && [...new Set(input.daysPerMove)];
  const options = input.options === undefined ? undefined : resolveOptions(m, input.options);
  const rated = input.rated === true;
  const seed = input.playerSeed === undefined ? {} : { playerSeed: input.playerSeed };
  if (await isBot(ctx.prisma, userId)) refuseBot('seek');

  return withSeekLock(ctx.prisma, m.id, async () => {
    // A seek of mine already waiting with these choices: the same game.
    for (const own of await ownOpenGames(ctx.prisma, userId, m.id)) {
      const sides = own.anyRole ? m.roles : [own.role];
      const fits =
        sides.every((r) => roles.includes(r)) && roles.every((r) => sides.includes(r)) && (!days || days.includes(own.daysPerMove)) && (!options || sameOptions(own.options, options)) && own.rated === rated;
      if (fits) return { status: 200, body: (await readGameAs(ctx, userId, own.id, {})).game!, replayed: false };
    }

    const candidates = await seekCandidates(ctx.prisma, {
      seekerId: userId,
      module: m.id,
      rated,
      roles,
      ...(days && { daysPerMove: days }),
      ...(options && { options }),
      limit: TRIES,
    });
    for (const c of candidates) {
      const free = m.roles.find((r) => r !== c.creatorRole)!;
      // The free side if the seeker would play it, else the creator's (who would play either).
      const role = roles.includes(free) ? free : c.creatorRole;
      try {
        return await joinGame(ctx, userId, c.id, { role, ...seed });
      } catch (err) {
        // Taken meanwhile, cancelled, or a block made since: the next one.
        if (err instanceof AppError && ['conflict', 'not_found', 'blocked'].includes(err.code)) continue;
        throw err;
      }
    }

    return createGame(ctx, userId, {
      game: m.id,
      role: roles.length > 1 ? 'random' : roles[0]!,
      ...(options && { options }),
      visibility: 'public',
      daysPerMove: days ? days[0]! : DEFAULT_DAYS_PER_MOVE,
      rated,
      ...seed,
    });
  });
}

/** Stored options equal to the requested ones (both as resolved: every option of the module). */
function sameOptions(stored: unknown, wanted: Record<string, unknown>): boolean {
  // The rules' revision a game is set up under (kit/revisions.ts) is no option anyone chooses.
  const { revision: _, ...s } = (stored ?? {}) as Record<string, unknown>;
  return Object.keys(wanted).every((k) => s[k] === wanted[k]) && Object.keys(s).every((k) => k in wanted);
}
