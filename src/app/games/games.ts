// Games: create one, find them (lobby, mine), read one as I may see it, its log, and join one.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { games, newGameSetup, type SetupOptions } from '../../engine/index.js';
import { seedCommitment } from '../../engine/kit/dice.js';
import { deleteGame, findGame, findGameSummary, insertGame, listEntries, lockGame, revisionOf, setAllowBots, setSeatEmails, listGames as listGameRows, type GameRow, type GameStatus, type NewGame } from '../../store/games.js';
import type { Prisma } from '../../store/prisma.js';
import { gameRevision, readGame } from '../../store/game-tx.js';
import { blocksBetweenTx } from '../../store/blocks.js';
import { poolOf } from '../../store/prisma.js';
import { findUserById } from '../../store/users.js';
import { VERSION } from '../../version.js';
import { changeGame, holdRead } from './change/change.js';
import { asUnavailable, notFound } from './change/checks.js';
import { gameEvent } from './change/game-event.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import { idempotent, type Answer, type IdempotencyKey } from './idempotency.js';
import { resolveOptions } from './game-options.js';
import { currentState, replayGame, setupGame, standingActions, undoCheck } from './history.js';
import { canSee, moduleOf, presentGame, presentLog, presentSummary, roleOf, type ApiStatus, type GameResource, type GameSummary } from './present.js';
import { presentMemo, sharedRecentStates } from './recent-states.js';
import { botRoleOf, humanRoleAgainstBot, thenBot } from './bot.js';
import { admitNewGame, type Opponent } from './game-limits.js';
import { checkedLevel, seatsAgainstComputer } from './computer-seat.js';
import { refuseIfBlocked } from '../blocks/blocks.js';
import { isBot, refuseBot } from '../bot-accounts/bot-accounts.js';
import { swapSeatTx } from '../../store/game-tx.js';
import { refuseUnconfirmedRated, refuseUnratable } from '../ratings/rated-games.js';
import { ESTABLISHED_RD } from '../ratings/leaderboard.js';
import { unreadCounts } from '../../store/messages.js';
import { ratingsOfPairs } from '../../store/ratings.js';

export const DEFAULT_DAYS_PER_MOVE = 3;

export interface CreateGameInput {
  game: string;
  role: string;
  /** The API's first name of `options.scenario`, kept for clients written before options. */
  scenario?: string;
  /** The module's own options (GameModule.options), by name. */
  options?: Record<string, unknown>;
  visibility?: 'public' | 'private';
  /** 1-14 days per move, or null for no time limit (default 3). */
  daysPerMove?: number | null;
  /**
   * 'bot': play against the module's bot (GameModule.bot); 'computer': against the computer
   * opponent (computer.ts), at `level`, in the role the creator does not take. Either way the
   * game starts at once.
   */
  opponent?: 'bot' | 'computer';
  /** The computer's level (opponent 'computer' only; default normal). */
  level?: string;
  /** A rated game: its end changes both players' ratings (two people only: ratings/rated-games.ts). */
  rated?: boolean;
  /** The seed the creator adds to the dice (64 lower-case hex digits); drawn by the server if absent. */
  playerSeed?: string;
  /** Bot accounts may join it (a public game between people only: src/app/bot-accounts/). */
  allowBots?: boolean;
}

/**
 * The seed a player adds to the dice: their own (a client draws it), or one the server draws for
 * a client that sent none (then it is not the player's own randomness, and the answer says so).
 */
function playerSeedOf(given: string | undefined): { seed: string; byServer: boolean } {
  return given !== undefined ? { seed: given, byServer: false } : { seed: randomBytes(32).toString('hex'), byServer: true };
}

// 12 characters from an alphabet without look-alikes (60 bits), shown as xxxx-xxxx-xxxx.
const INVITE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function inviteCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((c) => c.join('')).join('-');
}

export async function createGame(
  ctx: ServiceContext,
  userId: string,
  input: CreateGameInput,
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  const m = games[input.game];
  if (!m) throw new AppError('validation_failed', `There is no game "${input.game}".`, { errors: [{ in: 'body', path: '/game', message: 'is not a known game' }] });
  const againstBot = input.opponent === 'bot';
  const againstComputer = input.opponent === 'computer';
  if (!againstComputer && input.level !== undefined) {
    throw new AppError('validation_failed', 'A level is for a game against the computer: add opponent "computer", or leave level out.', { errors: [{ in: 'body', path: '/level', message: 'needs opponent: computer' }] });
  }
  const computer = againstComputer ? { ...seatsAgainstComputer(m, input.role, randomInt), level: checkedLevel(input.level) } : null;
  // Against the bot the person takes the role the bot does not play (asking for it is fine).
  const role = againstBot ? humanRoleAgainstBot(m) : computer ? computer.person : input.role === 'random' ? m.roles[randomInt(m.roles.length)]! : input.role;
  if (againstBot && input.role !== 'random' && input.role !== role) {
    throw new AppError('validation_failed', `The bot plays ${m.bot!.role} in ${m.title}: you play ${role} (or ask for random).`, { errors: [{ in: 'body', path: '/role', message: `must be ${role} or random against the bot` }] });
  }
  if (!m.roles.includes(role)) {
    throw new AppError('validation_failed', `${m.title} has no role "${role}".`, { errors: [{ in: 'body', path: '/role', message: `must be one of ${m.roles.join(', ')} or random` }] });
  }
  const rated = input.rated === true;
  if (rated) refuseUnratable(m, input.opponent);
  const visibility = input.visibility ?? 'public';
  if (input.allowBots === true && (visibility !== 'public' || input.opponent !== undefined)) {
    throw new AppError('validation_failed', 'allowBots is for a public game waiting for an opponent: bot accounts find it in the lobby.', { errors: [{ in: 'body', path: '/allowBots', message: 'needs a public game between players' }] });
  }
  const requested = { ...input.options };
  if (input.scenario !== undefined) {
    if (requested.scenario !== undefined && requested.scenario !== input.scenario) {
      throw new AppError('validation_failed', 'scenario and options.scenario disagree: give one of them.', { errors: [{ in: 'body', path: '/scenario', message: 'differs from options.scenario' }] });
    }
    requested.scenario = input.scenario;
  }
  const options = resolveOptions(m, requested);
  const answer = await ctx.prisma.$transaction((tx) => {
    const now = ctx.clock.now();
    return idempotent(tx, userId, now, idempotency, async () => {
      const row = await insertNewGame(tx, ctx, {
        opponent: againstBot ? 'bot' : computer ? 'computer' : 'people',
        playerSeed: input.playerSeed,
        module: m.id,
        // `solitaire` is the engine's own set-up option (SetupOptions), not one of the module's.
        options: againstBot ? { ...options, solitaire: true } : { ...options },
        visibility,
        inviteCode: visibility === 'private' ? inviteCode() : null,
        daysPerMove: input.daysPerMove === undefined ? DEFAULT_DAYS_PER_MOVE : input.daysPerMove,
        rated,
        creatorId: userId,
        creatorRole: role,
        ...(computer && { computer: { role: computer.computer, level: computer.level } }),
        // A creator who let the server choose would play either side: whoever joins may choose.
        anyRole: !againstBot && !computer && input.role === 'random',
        allowBots: input.allowBots === true,
        now,
      });
      return { status: 201, body: presentGame(row, userId, null, ctx.config) };
    });
  });
  // The creator's other pages (their own event stream) learn of the new game.
  if (!answer.replayed) ctx.events.publish(gameEvent(answer.body));
  // A game against the bot or the computer needs nobody else: it starts now. A repeated request
  // with the same Idempotency-Key gets the game as it is now (started once), or starts it if the
  // first request stopped between creating and starting it. The computer's first move, if it has
  // one, is the worker's: this answer does not wait for it.
  if (againstBot || computer) {
    if (answer.replayed) {
      const now = (await readGameAs(ctx, userId, answer.body.id, {})).game!;
      if (now.status !== 'open') return { ...answer, body: now };
    }
    const startedGame = await startAlone(ctx, userId, answer.body.id);
    const started = againstBot ? await thenBot(ctx, userId, startedGame) : startedGame;
    return { ...started, status: 201, replayed: answer.replayed };
  }
  return answer;
}

/**
 * A new game in the caller's transaction, within its creator's limits (game-limits.ts). The
 * server's seed: 256 bits from the system's CSPRNG, drawn now and kept secret until the game
 * ends; its commitment is public from now on, so the joiner sees it before adding their seed.
 * The generator's key, made of it and the players' seeds (history.ts generatorKey), is fixed
 * when the game starts. `playerSeed`: the creator's own (the server draws one without it).
 */
export async function insertNewGame(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  spec: Omit<NewGame, 'seed' | 'rng' | 'seedCommitment' | 'creatorSeed'> & { opponent: Opponent; playerSeed?: string | undefined },
): Promise<GameRow> {
  const { opponent, playerSeed, ...game } = spec;
  await admitNewGame(tx, ctx, game.creatorId, opponent, game.now, game.rated);
  // A bot account opens no game for people to find (under its lock, taken just above).
  if (opponent === 'people' && !game.inviteeId && (await isBot(tx, game.creatorId))) refuseBot('create');
  const seed = randomBytes(32).toString('hex');
  // Set up, and replayed ever after, under the rules' last revision (a rematch of an older game too).
  const options = newGameSetup(moduleOf(game), (game.options ?? {}) as SetupOptions) as Prisma.InputJsonValue;
  return insertGame(tx, { ...game, options, seed, rng: 'chacha20', seedCommitment: seedCommitment(seed), creatorSeed: playerSeedOf(playerSeed) });
}

/**
 * Starts a game against the bot (the engine sets it up as solitaire) or the computer (an ordinary
 * set-up); the bot's or the computer's role has no seat.
 */
function startAlone(ctx: ServiceContext, userId: string, gameId: string): Promise<Answer<GameResource>> {
  return changeGame(ctx, { userId, gameId }, (g) => {
    if (g.row.status !== 'open') throw new AppError('conflict', 'This game has already started.');
    const other = g.row.computer?.role ?? botRoleOf(g.module, g.row.options)!;
    return { kind: 'start', role: other, action: {}, state: setupGame(g.module, g.row), madeBy: g.row.computer ? 'computer' : 'bot' };
  });
}

export interface ListGamesInput {
  status?: ApiStatus;
  mine?: boolean;
  /** Only games of this module. */
  game?: string;
  /** Only games with this time per move: 1-14 days, or 'none' (no time limit). */
  daysPerMove?: string;
  /** Only rated games (true) or only unrated ones (false). */
  rated?: boolean;
  limit?: number;
  cursor?: string;
}

const STATUSES: Record<ApiStatus, GameStatus[]> = { open: ['open'], active: ['active'], finished: ['finished', 'abandoned'] };

// Cursors are opaque to clients: the number of the last game of the page, base64url-encoded.
const encodeCursor = (n: number) => Buffer.from(`g${n}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^g(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  // Game numbers are 32-bit integers in the database: a larger one is no cursor of ours.
  if (!m || Number(m[1]) > 2 ** 31 - 1) throw new AppError('validation_failed', 'The cursor is not valid: pass the nextCursor of a previous page.', { errors: [{ in: 'query', path: '/cursor', message: 'is not a cursor from this API' }] });
  return Number(m[1]);
}

/** A game in a list: its summary, the caller's unread messages if they play it, its creator's rating in the lobby. */
export type GameListItem = GameSummary & { unreadMessages?: number; creatorRating?: { rating: number; provisional: boolean } | null };

export async function listGames(ctx: ServiceContext, userId: string, input: ListGamesInput): Promise<{ items: GameListItem[]; nextCursor: string | null }> {
  const limit = input.limit ?? 20;
  const rows = await listGameRows(ctx.prisma, {
    ...(input.mine ? { userId } : { perCreator: ctx.security.gameLimits.lobbyPerCreator, viewerId: userId }),
    ...(input.game !== undefined && { module: input.game }),
    ...(input.daysPerMove !== undefined && { daysPerMove: input.daysPerMove === 'none' ? null : Number(input.daysPerMove) }),
    ...(input.rated !== undefined && { rated: input.rated }),
    ...(input.status && { statuses: STATUSES[input.status] }),
    ...(input.cursor !== undefined && { before: decodeCursor(input.cursor) }),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const summaries = page.map((r) => presentSummary(r, userId));
  // Counts of what only the caller reads, for the games they play (never for a watcher); the
  // lobby's open games show who waits by their rating (a pair per creator and game).
  const played = summaries.filter((g) => g.role !== null).map((g) => g.id);
  const waiting = input.mine ? [] : page.filter((r) => r.status === 'open');
  const [unread, ratings] = await Promise.all([
    unreadCounts(ctx.prisma, userId, played),
    ratingsOfPairs(ctx.prisma, waiting.map((r) => ({ userId: r.createdById, game: r.module }))),
  ]);
  const ratingOf = new Map(ratings.map((r) => [`${r.userId}/${r.game}`, { rating: Math.round(r.rating), provisional: r.rd >= ESTABLISHED_RD }]));
  const items: GameListItem[] = summaries.map((g, i) => ({
    ...g,
    ...(g.role !== null && { unreadMessages: unread.get(g.id) ?? 0 }),
    ...(!input.mine && page[i]!.status === 'open' && { creatorRating: ratingOf.get(`${page[i]!.createdById}/${page[i]!.module}`) ?? null }),
  }));
  return { items, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.number) : null };
}

/**
 * The game as the user may see it with its entity tag, or only the tag (`game` null) when it is
 * one of `ifNoneMatch`'s: the game has not changed for this user since. The tag is a digest of
 * the part of the answer that determines the rest (the version names the state; the caller's
 * role, the view and legal actions), so it tells the user nothing the answer would not.
 */
export async function readGameAs(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  o: { invite?: string; ifNoneMatch?: string },
): Promise<{ etag: string; game: GameResource | null }> {
  const known = sharedRecentStates.get(gameId);
  const pool = poolOf(ctx.prisma);
  // A game this process holds is used as held if it is still at the held revision: checking
  // that costs PostgreSQL about two thirds of the read, and this process the parsing of it.
  const heldRevision = known?.row ? revisionOf(known.row) : null;
  let read;
  try {
    read =
      heldRevision !== null && (await gameRevision(pool, gameId)) === heldRevision
        ? { row: known!.row!, stateOmitted: true }
        : await readGame(pool, gameId, { knownVersion: known?.version ?? null });
  } catch (err) {
    throw asUnavailable(err);
  }
  if (!read || !canSee(read.row, userId, o.invite)) throw notFound();
  const { row } = read;
  const summary = presentSummary(row, userId);
  const invite = row.visibility === 'private' && summary.role !== null && summary.status === 'open' ? row.inviteCode : null;
  const etag = `"${createHash('sha256').update(JSON.stringify([VERSION, summary, invite])).digest('base64url').slice(0, 27)}"`;
  if (o.ifNoneMatch !== undefined && matches(o.ifNoneMatch, etag)) return { etag, game: null };
  const held = holdRead(gameId, read, known);
  if (!held) return { etag, game: presentGame(row, userId, null, ctx.config) };
  let shown = row;
  if (row.status === 'active' && row.undoRole === null) {
    // A game last changed before the games row kept whose undo would be accepted: worked out from
    // its log once, and held with the row (its next change writes it).
    shown = { ...row, undoRole: await undoRoleFromLog(ctx, row, held.state) };
    sharedRecentStates.set(gameId, held.version, held.state, held.derived, shown);
  }
  return { etag, game: presentGame(shown, userId, held.state, ctx.config, presentMemo(moduleOf(row), held.state, held.derived)) };
}

/** Whose undo would be accepted now ('' nobody's), by play.ts's own check, from the game's log. */
async function undoRoleFromLog(ctx: ServiceContext, row: GameRow, state: unknown): Promise<string> {
  const m = moduleOf(row);
  if (!m.undoable) return '';
  const standing = standingActions(await listEntries(ctx.prisma, row.id));
  const last = standing[standing.length - 1];
  if (!last) return '';
  return 'last' in undoCheck(m, standing, state, last.role, () => replayGame(m, row, standing.slice(0, -1))) ? last.role : '';
}

/** Does an If-None-Match header name this tag (weak comparison, as RFC 9110 asks for it)? */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The game's version, if the user may watch it (for the event stream). */
export async function watchGame(ctx: ServiceContext, userId: string, gameId: string): Promise<number> {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  return row.snapshot?.version ?? 0;
}

export async function getLog(ctx: ServiceContext, userId: string, gameId: string) {
  const row = await findGame(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  const role = roleOf(row, userId);
  // A resignation or a time-out is the service's, not the engine's: the log says so at its end (presentLog).
  return { id: row.id, version: row.snapshot?.version ?? 0, role, entries: presentLog(row, role, currentState(moduleOf(row), row.snapshot)) };
}

export interface JoinGameInput {
  role?: string;
  inviteCode?: string;
  /** The seed the joining player adds to the dice (64 lower-case hex digits); drawn by the server if absent. */
  playerSeed?: string;
}

/**
 * Takes the free seat; when every seat is taken the engine sets the game up and it starts. A
 * creator who would play either side (anyRole) gives up theirs if the newcomer asks for it. Two
 * people who blocked one another never meet this way.
 */
export async function joinGame(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: JoinGameInput,
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  const user = await findUserById(ctx.prisma, userId);
  if (!user) throw accountGone();
  const answer = await changeGame(ctx, { userId, gameId, ...(idempotency && { idempotency }) }, async (g) => {
    if (!canSee(g.row, userId, input.inviteCode)) throw notFound();
    if (g.role !== null) throw new AppError('conflict', `You already play this game, as ${g.role}.`);
    const m = moduleOf(g.row);
    if (botRoleOf(m, g.row.options) !== null) throw new AppError('conflict', `This game is played against the bot: it has no seat for anyone else.`);
    if (g.row.computer) throw new AppError('conflict', `This game is played against the computer: it has no seat for anyone else.`);
    if (g.row.status !== 'open') throw new AppError('conflict', 'This game has no free seat.');
    if (g.row.invitee && g.row.invitee.id !== userId) throw new AppError('conflict', `This game is offered to ${g.row.invitee.name} only.`);
    if (g.row.rated) refuseUnconfirmedRated(user);
    // A bot account joins a game that allows bots, or one offered to it (a challenge, a rematch).
    if (user.botSince && !g.row.allowBots && g.row.invitee?.id !== userId) refuseBot('join');
    const free = m.roles.filter((r) => g.row.players.every((p) => p.role !== r));
    if (free.length !== 1) throw new Error(`games of ${m.roles.length} players are not supported yet`);
    const creator = g.row.players[0]!;
    // While the game's lock is held (a join is decided under it), on the change's connection.
    refuseIfBlocked(await blocksBetweenTx(g.tx, userId, creator.userId), 'join');
    if (input.role !== undefined && !free.includes(input.role)) {
      if (!(g.row.anyRole && creator.role === input.role)) throw new AppError('conflict', `The seat of ${input.role} is taken; free: ${free.join(', ')}.`);
      // The creator would play either side: they take the free one, and the newcomer theirs.
      await swapSeatTx(g.tx, g.row.id, creator.userId, free[0]!);
      g.row = { ...g.row, players: [{ ...creator, role: free[0]! }] };
    }
    const role = input.role ?? free[0]!;
    // A game created before dice commitments stays keyed by its seed alone: the joiner adds none.
    const seed = g.row.seedCommitment ? playerSeedOf(input.playerSeed) : null;
    const seats = [...g.row.players, { role, playerSeed: seed?.seed ?? null }];
    return {
      kind: 'start',
      role,
      action: {},
      // The generator's key is fixed now, from the server's seed and both players'.
      state: setupGame(m, { ...g.row, players: seats }),
      joined: {
        seed,
        userId,
        name: user.displayName,
        handle: user.handle,
        bot: user.botSince !== null,
        email: user.email,
        emailConfirmed: user.emailVerifiedAt !== null,
        emailPreference: user.emailPreference,
        vacationEndsAt: user.vacationEndsAt,
      },
    };
  });
  // A rematch accepted: the pages of the game it follows hear of it (as of its offer).
  const b = answer.body;
  if (b.rematchOf && !answer.replayed) ctx.events.publish({ id: b.rematchOf, version: 0, rematch: b.id, users: b.players.map((p) => p.user.id) });
  return answer;
}

/**
 * The creator withdraws an open game that nobody has joined: it is deleted (seat, invite code
 * and all), so it leaves the lobby and its invite link stops working. A started game cannot be
 * cancelled: its players resign instead.
 */
export async function cancelGame(ctx: ServiceContext, userId: string, gameId: string): Promise<void> {
  const gone = await ctx.prisma.$transaction(async (tx) => {
    const row = await lockGame(tx, gameId);
    if (!row || !canSee(row, userId)) throw notFound();
    // The person an open game is offered to (a rematch) may decline it: it goes as if cancelled.
    const declines = row.invitee?.id === userId && row.status === 'open';
    if (row.createdById !== userId && !declines) throw new AppError('forbidden', 'Only the player who created this game may cancel it.');
    if (row.status !== 'open') throw new AppError('conflict', 'This game has started and can no longer be cancelled; a player may resign instead.');
    await deleteGame(tx, gameId);
    return { users: [...row.players.map((p) => p.userId), ...(row.invitee ? [row.invitee.id] : [])], rematchOf: row.rematchOf };
  });
  ctx.events.publish({ id: gameId, version: 0, cancelled: true, users: gone.users });
  // A rematch declined or withdrawn: the pages of the game it followed hear of it too.
  if (gone.rematchOf) ctx.events.publish({ id: gone.rematchOf, version: 0, rematch: gameId, users: gone.users });
}

/**
 * The creator of an open public game between people lets bot accounts take its free seat, or not
 * (chosen at creation too). Under the game's lock, as a join is decided: a bot's join waiting for
 * it sees the choice made.
 */
export async function setGameBots(ctx: ServiceContext, userId: string, gameId: string, input: { allowed: boolean }): Promise<{ allowed: boolean }> {
  await ctx.prisma.$transaction(async (tx) => {
    const row = await lockGame(tx, gameId);
    if (!row || !canSee(row, userId)) throw notFound();
    if (row.createdById !== userId) throw new AppError('forbidden', 'Only the player who created this game says whether bot accounts may join it.');
    if (row.status !== 'open') throw new AppError('conflict', 'This game has started: its seats are taken.');
    if (row.visibility !== 'public') throw new AppError('conflict', 'Bot accounts join public games only: whoever has its invite link joins a private one.');
    if (row.invitee) throw new AppError('conflict', `This game is offered to ${row.invitee.name} only.`);
    if (row.computer || botRoleOf(moduleOf(row), row.options) !== null) throw new AppError('conflict', 'This game has no seat for anyone else.');
    await setAllowBots(tx, gameId, input.allowed);
  });
  return { allowed: input.allowed };
}

/** Whether I get emails about this game (my seat's switch; my account's preference applies first). */
export interface GameEmails {
  email: boolean;
}

async function mySeat(ctx: ServiceContext, userId: string, gameId: string) {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  const seat = row.players.find((p) => p.userId === userId);
  if (!seat) throw new AppError('forbidden', 'You are watching this game, not playing it: there are no emails to turn off.');
  return seat;
}

export async function getGameEmails(ctx: ServiceContext, userId: string, gameId: string): Promise<GameEmails> {
  return { email: (await mySeat(ctx, userId, gameId)).emailNotifications };
}

export async function setGameEmails(ctx: ServiceContext, userId: string, gameId: string, input: GameEmails): Promise<GameEmails> {
  await mySeat(ctx, userId, gameId);
  // Seats are never given up, so the seat just found is still there.
  await setSeatEmails(ctx.prisma, gameId, userId, input.email);
  return { email: input.email };
}

