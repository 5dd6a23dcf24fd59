// Challenges (issue 42, as Lichess has them): one player offers a named other a game, with its
// terms (game, side or random, time per move, rated, options) and a message. The game is made at
// once, as a rematch is (lobby/rematch.ts): private, offered to the challenged player alone, its
// server seed committed and the challenger's seed added, so that the challenged player's seed,
// added when they accept, comes after the commitment (README "Fair dice and replays"). Accepting
// is joining that game (joinGame: so joining it from its page accepts too); declining or
// withdrawing deletes it and the challenge stays, ended; so does one nobody answered within
// CHALLENGE_TTL_MS (expiry.ts). Creating one is creating a game: the same limits (game-limits.ts),
// and blocks apply both ways; at most MAX_OPEN_TO_ONE open challenges to one player.
//
// Who is told: the challenged player by email (if they take game emails: as a rematch offer), by a
// `challenge` event on /v1/me/events, and by their `challenge` webhooks; the challenger by
// `challengeDeclined`, the challenged by `challengeCanceled` (and both when it expires). The
// notice's words are written once (challengeNotice) for the email and the webhook alike.
import { randomInt } from 'node:crypto';
import { games, type GameModule } from '../../engine/index.js';
import type { Config } from '../../config/config.js';
import {
  challengesOf,
  endChallenge,
  findChallenge,
  insertChallenge,
  lockChallenge,
  openChallengesBetween,
  userByNameOrHandle,
  type ChallengeRow,
  type ChallengeStatus,
  type ChallengeTerms,
} from '../../store/challenges.js';
import { deleteGame, lockGame } from '../../store/games.js';
import type { Prisma } from '../../store/prisma.js';
import { findUserById } from '../../store/users.js';
import { enqueueWebhookEvents } from '../../store/webhooks.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { nothingVisible } from '../visible-text.js';
import { requireNoBlock } from '../blocks/blocks.js';
import { gameEvent } from '../games/change/game-event.js';
import { DEFAULT_DAYS_PER_MOVE, insertNewGame, joinGame } from '../games/games.js';
import { resolveOptions } from '../games/game-options.js';
import { presentGame, type GameResource, type PlayerRef } from '../games/present.js';
import { render } from '../notify/email-templates.js';
import { unsubscribeUrl } from '../notify/unsubscribe.js';
import { refuseUnratable } from '../ratings/rated-games.js';

/** An open challenge ends unanswered after this long (correspondence players answer within days). */
export const CHALLENGE_TTL_MS = 7 * 24 * 3600_000;
/** Open challenges from one player to another at once. */
export const MAX_OPEN_TO_ONE = 3;
export const DECLINE_REASONS = ['generic', 'later', 'timeControl', 'rated', 'casual', 'game', 'side', 'options', 'noBot', 'onlyBot'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export interface ChallengeView {
  id: string;
  status: ChallengeStatus;
  direction: 'in' | 'out';
  challenger: PlayerRef;
  challenged: PlayerRef;
  game: string;
  title: string;
  challengerRole: string;
  randomRole: boolean;
  daysPerMove: number | null;
  rated: boolean;
  options: Record<string, unknown>;
  message: string | null;
  declineReason: DeclineReason | null;
  gameId: string | null;
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
}

export interface CreateChallengeInput {
  opponent: string;
  game: string;
  role?: string;
  daysPerMove?: number | null;
  rated?: boolean;
  options?: Record<string, unknown>;
  message?: string;
  playerSeed?: string;
}

const ref = (u: ChallengeRow['challenger']): PlayerRef => ({ id: u.id, name: u.name, handle: u.handle ?? u.name, ...(u.bot && { bot: true as const }) });

/**
 * Its status as it is: an open challenge whose game started was accepted (joined from the game's
 * page), and one whose game is gone was withdrawn (deleted from the game's page).
 */
function statusOf(row: ChallengeRow): ChallengeStatus {
  if (row.status !== 'open') return row.status;
  if (row.gameStatus === null) return 'canceled';
  return row.gameStatus === 'open' ? 'open' : 'accepted';
}

export function presentChallenge(row: ChallengeRow, viewerId: string): ChallengeView {
  const status = statusOf(row);
  const t = row.terms;
  return {
    id: row.id,
    status,
    direction: row.challenger.id === viewerId ? 'out' : 'in',
    challenger: ref(row.challenger),
    challenged: ref(row.challenged),
    game: t.game,
    title: games[t.game]?.title ?? t.game,
    challengerRole: t.challengerRole,
    randomRole: t.role === 'random',
    daysPerMove: t.daysPerMove,
    rated: t.rated,
    options: t.options,
    message: row.message,
    declineReason: (row.declineReason as DeclineReason | null) ?? null,
    gameId: status === 'open' || status === 'accepted' ? row.gameId : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

const invalid = (path: string, message: string, detail: string) => new AppError('validation_failed', detail, { errors: [{ in: 'body', path, message }] });
const noChallenge = () => new AppError('not_found', 'You have no challenge with this id.');

/** A message as kept: plain text, trimmed; none if nothing visible. */
function messageOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  if (/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/u.test(text)) throw invalid('/message', 'holds control or formatting characters', 'The message holds control or formatting characters.');
  const t = text.trim();
  return t && !nothingVisible(t) ? t : null;
}

/** The other side of a two-player game. */
const otherRole = (m: GameModule, role: string) => m.roles.find((r) => r !== role)!;

export async function createChallenge(ctx: ServiceContext, userId: string, input: CreateChallengeInput): Promise<{ challenge: ChallengeView; game: GameResource }> {
  const m = games[input.game];
  if (!m) throw invalid('/game', 'is not a known game', `There is no game "${input.game}".`);
  const role = input.role ?? 'random';
  if (role !== 'random' && !m.roles.includes(role)) throw invalid('/role', `must be one of ${m.roles.join(', ')} or random`, `${m.title} has no side "${role}".`);
  const target = await userByNameOrHandle(ctx.prisma, input.opponent);
  if (!target) throw new AppError('not_found', `There is no player called "${input.opponent}".`, { errors: [{ in: 'body', path: '/opponent', message: 'is no player' }] });
  if (target.id === userId) throw invalid('/opponent', 'is you', 'You cannot challenge yourself.');
  const rated = input.rated === true;
  if (rated) refuseUnratable(m, undefined);
  const options = resolveOptions(m, input.options ?? {});
  const message = messageOf(input.message);
  const daysPerMove = input.daysPerMove === undefined ? DEFAULT_DAYS_PER_MOVE : input.daysPerMove;
  const done = await ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    await requireNoBlock(tx, userId, target.id, 'challenge');
    if ((await openChallengesBetween(tx, userId, target.id)) >= MAX_OPEN_TO_ONE) {
      throw new AppError('conflict', `You have ${MAX_OPEN_TO_ONE} challenges waiting for this player already: wait for an answer, or withdraw one.`, { limit: MAX_OPEN_TO_ONE });
    }
    const challengerRole = role === 'random' ? m.roles[randomInt(m.roles.length)]! : role;
    // The game, within the creator's limits (and under their lock, as any new game).
    const row = await insertNewGame(tx, ctx, {
      opponent: 'people',
      module: m.id,
      options: { ...options },
      visibility: 'private',
      inviteCode: null,
      daysPerMove,
      rated,
      ...(input.playerSeed !== undefined && { playerSeed: input.playerSeed }),
      creatorId: userId,
      creatorRole: challengerRole,
      inviteeId: target.id,
      now,
    });
    const terms: ChallengeTerms = { game: m.id, role, challengerRole, daysPerMove, rated, options: { ...options } };
    const id = await insertChallenge(tx, { gameId: row.id, challengerId: userId, challengedId: target.id, terms, message, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
    const challenge = (await findChallenge(tx, id))!;
    await tell(tx, ctx.config, challenge, now);
    return { challenge, row };
  });
  const game = presentGame(done.row, userId, null, ctx.config);
  // The challenger's pages hear of the new game; the challenged player's, of the challenge.
  ctx.events.publish(gameEvent(game));
  ctx.events.publish({ id: done.challenge.id, version: 0, challenge: 'challenge', users: [target.id] });
  return { challenge: presentChallenge(done.challenge, userId), game };
}

/** What the challenged player is told, by email and webhook alike: from their side. */
export function challengeNotice(c: ChallengeRow, publicUrl: string): { subject: string; heading: string; lines: string[]; url: string } {
  const m = games[c.terms.game]!;
  const by = c.challenger.name;
  const days = c.terms.daysPerMove === null ? 'no time limit' : `${c.terms.daysPerMove} day${c.terms.daysPerMove === 1 ? '' : 's'} per move`;
  const side = `You would play ${otherRole(m, c.terms.challengerRole)}${c.terms.role === 'random' ? ' (sides drawn at random)' : ''}, ${days}, ${c.terms.rated ? 'rated' : 'unrated'}.`;
  return {
    subject: `${by}${c.challenger.bot ? ' (bot)' : ''} challenges you to ${m.title}`,
    heading: `${by} challenges you to a game of ${m.title}.`,
    lines: [side, ...(c.message ? [`${by} says: “${c.message}”`] : []), `Answer within ${Math.round(CHALLENGE_TTL_MS / 86_400_000)} days, or it lapses.`],
    url: `${publicUrl}/challenges`,
  };
}

/** The challenged player's email (if they take game emails, at a confirmed address) and webhook event, in the challenge's transaction. */
async function tell(tx: Prisma.TransactionClient, config: Pick<Config, 'publicUrl' | 'jwtSecret'>, c: ChallengeRow, now: Date): Promise<void> {
  const notice = challengeNotice(c, config.publicUrl);
  await enqueueWebhookEvents(tx, [{ userId: c.challenged.id, event: 'challenge', dedupeKey: `challenge:${c.id}`, payload: { subject: notice.subject, text: [notice.heading, ...notice.lines].join('\n'), url: notice.url, challenge: c.id } }], now);
  const to = await findUserById(tx, c.challenged.id);
  if (!to || to.emailVerifiedAt === null || (to.emailPreference !== 'all' && to.emailPreference !== 'moves')) return;
  const m = games[c.terms.game]!;
  const email = render(
    {
      publicUrl: config.publicUrl,
      game: { number: '', title: m.title },
      // The button opens the game offered, where the challenge is accepted or declined.
      gameId: c.gameId!,
      recipient: { name: to.displayName, role: otherRole(m, c.terms.challengerRole) },
      unsubscribeUrl: unsubscribeUrl(config.publicUrl, config.jwtSecret, to.id),
    },
    notice.subject,
    notice.heading,
    [...notice.lines, `All your challenges: ${notice.url}`],
    'Accept or decline',
  );
  await tx.outboxEmail.createMany({
    data: [{ kind: 'challenge', dedupeKey: `challenge:${c.id}`, toAddress: to.email, subject: email.subject, textBody: email.text, htmlBody: email.html, userId: to.id, gameId: c.gameId, nextAttemptAt: now, createdAt: now }],
    skipDuplicates: true,
  });
}

export async function listChallenges(ctx: ServiceContext, userId: string, q: { direction?: 'in' | 'out'; status?: ChallengeStatus; limit?: number }): Promise<{ items: ChallengeView[] }> {
  // An open one whose game started or went is shown as it is (statusOf): read them all, filter after.
  const rows = await challengesOf(ctx.prisma, userId, { ...(q.direction && { direction: q.direction }), ...(q.status && q.status !== 'open' && q.status !== 'accepted' && q.status !== 'canceled' && { status: q.status }), limit: q.status ? 500 : (q.limit ?? 50) });
  const items = rows.map((r) => presentChallenge(r, userId)).filter((c) => !q.status || c.status === q.status);
  return { items: items.slice(0, q.limit ?? 50) };
}

/** One of the caller's challenges (404 for anyone else's). */
export async function getChallenge(ctx: ServiceContext, userId: string, id: string): Promise<ChallengeView> {
  const row = await findChallenge(ctx.prisma, id);
  if (!row || (row.challenger.id !== userId && row.challenged.id !== userId)) throw noChallenge();
  return presentChallenge(row, userId);
}

/** Accepts a challenge made to the caller: joins its game (the game, started). */
export async function acceptChallenge(ctx: ServiceContext, userId: string, id: string, input: { playerSeed?: string }): Promise<GameResource> {
  const row = await findChallenge(ctx.prisma, id);
  if (!row || (row.challenger.id !== userId && row.challenged.id !== userId)) throw noChallenge();
  if (row.challenged.id !== userId) throw new AppError('forbidden', 'This is your own challenge: the player you challenged accepts it.');
  const status = statusOf(row);
  if (status !== 'open') throw new AppError('conflict', `This challenge is ${status}: it can no longer be accepted.`);
  if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new AppError('conflict', 'This challenge has lapsed: it can no longer be accepted.');
  let answer;
  try {
    answer = await joinGame(ctx, userId, row.gameId!, input.playerSeed === undefined ? {} : { playerSeed: input.playerSeed });
  } catch (err) {
    // Withdrawn meanwhile: the game is gone.
    if (err instanceof AppError && err.code === 'not_found') throw new AppError('conflict', 'This challenge was withdrawn meanwhile.');
    throw err;
  }
  await endChallenge(ctx.prisma, id, 'accepted', ctx.clock.now());
  return answer.body;
}

/**
 * Ends an open challenge without a game: declined by the challenged player, withdrawn by the
 * challenger, or lapsed (the worker). Its game is deleted, in the same transaction; both players'
 * pages hear of it.
 */
export async function endOpenChallenge(
  ctx: ServiceContext,
  id: string,
  how: { by: string; status: 'declined' | 'canceled'; reason?: DeclineReason } | { status: 'expired' },
): Promise<ChallengeView | null> {
  const ended = await ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await lockChallenge(tx, id);
    if ('by' in how) {
      if (!row || (row.challenger.id !== how.by && row.challenged.id !== how.by)) throw noChallenge();
      const mine = how.status === 'declined' ? row.challenged.id : row.challenger.id;
      if (mine !== how.by) {
        throw new AppError('forbidden', how.status === 'declined' ? 'This is your own challenge: withdraw it instead.' : 'This challenge was made to you: decline it instead.');
      }
    } else if (!row) return null;
    // The game first (a join holds its lock): one that started meanwhile was accepted.
    const game = row!.gameId ? await lockGame(tx, row!.gameId) : null;
    const status = game && game.status !== 'open' ? 'accepted' : statusOf(row!);
    if (status !== 'open') {
      // The worker: a challenge accepted or withdrawn from its game's page is recorded as such.
      if (!('by' in how)) {
        if (row!.status === 'open') await endChallenge(tx, id, status === 'accepted' ? 'accepted' : 'canceled', now);
        return null;
      }
      throw new AppError('conflict', `This challenge is ${status} already.`);
    }
    if (game) await deleteGame(tx, game.id);
    await endChallenge(tx, id, how.status, now, how.status === 'declined' ? (('reason' in how && how.reason) || 'generic') : null);
    return { row: (await findChallenge(tx, id))!, gameId: game?.id ?? null };
  });
  if (!ended) return null;
  const { row } = ended;
  const both = [row.challenger.id, row.challenged.id];
  // The game offered is gone: pages showing it close it.
  if (ended.gameId) ctx.events.publish({ id: ended.gameId, version: 0, cancelled: true, users: both });
  if (how.status === 'declined') ctx.events.publish({ id, version: 0, challenge: 'challengeDeclined', users: [row.challenger.id] });
  else if (how.status === 'canceled') ctx.events.publish({ id, version: 0, challenge: 'challengeCanceled', users: [row.challenged.id] });
  else ctx.events.publish({ id, version: 0, challenge: 'challengeCanceled', users: both });
  return presentChallenge(row, 'by' in how ? how.by : row.challenger.id);
}
