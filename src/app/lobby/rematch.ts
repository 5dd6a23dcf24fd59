// A rematch: once a game between two people is over, either of them offers the other a new game
// with the same options, time per move and visibility, sides swapped, rated if asked (as a new
// game) and with the offerer's own seed for the dice. The new game is offered to the opponent
// alone (games.invitee_id: only they may join it; a public one anyone may watch, but it is in no
// lobby), who accepts by
// joining it as any game (from the page, or from the email's link) or declines by cancelling it.
// One rematch per game: a second offer, by either player, answers the one there is (a withdrawn
// or declined one leaves room for another). The opponent is told on the old game's event stream
// (`rematch`), on their own stream (the new game) and by email (if they want the game's emails).
// A game against the bot or the computer has none (start a new one).
import type { Config } from '../../config/config.js';
import { findGameSummary, type GameRow, type SeatRow } from '../../store/games.js';
import { findRematchId, lockGameRow } from '../../store/lobby.js';
import type { Prisma } from '../../store/prisma.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { requireNoBlock } from '../blocks/blocks.js';
import { notFound } from '../games/change/checks.js';
import { gameEvent } from '../games/change/game-event.js';
import { insertNewGame, readGameAs } from '../games/games.js';
import { botRoleOf, canSee, moduleOf, presentGame, roleOf, type GameResource } from '../games/present.js';
import { render } from '../notify/email-templates.js';
import { unsubscribeUrl } from '../notify/unsubscribe.js';

const FINISHED = new Set(['finished', 'abandoned']);

/** The old game, if the caller played it (404 if they may not see it, 403 if they watched it). */
async function playedGame(db: Prisma.TransactionClient | ServiceContext['prisma'], userId: string, gameId: string): Promise<GameRow> {
  const row = await findGameSummary(db, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  if (roleOf(row, userId) === null) throw new AppError('forbidden', 'Only the players of a game may offer or see its rematch.');
  return row;
}

/** The rematch offered now (201), or the one offered before (200), as the caller sees it. */
export async function offerRematch(ctx: ServiceContext, userId: string, gameId: string, input: { rated?: boolean; playerSeed?: string } = {}): Promise<{ status: number; body: GameResource }> {
  const done = await ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    // Offers of one game queue on its row lock: the second finds the first's.
    if (!(await lockGameRow(tx, gameId))) throw notFound();
    const row = await playedGame(tx, userId, gameId);
    const m = moduleOf(row);
    if (botRoleOf(m, row.options) !== null) throw new AppError('conflict', 'A game against the bot has no rematch: start a new one.');
    if (row.computer) throw new AppError('conflict', 'A game against the computer has no rematch: start a new one.');
    if (!FINISHED.has(row.status)) throw new AppError('conflict', 'The game is not over: a rematch is offered once it ends.');
    const existing = await findRematchId(tx, gameId);
    if (existing) return { existing };
    const opponent = row.players.find((p) => p.userId !== userId);
    if (!opponent) throw new AppError('conflict', 'This game has no opponent to offer a rematch to.');
    await requireNoBlock(tx, userId, opponent.userId, 'rematch');
    const me = row.players.find((p) => p.userId === userId)!;
    const created = await insertNewGame(tx, ctx, {
      opponent: 'people',
      module: row.module,
      options: row.options as Prisma.InputJsonValue,
      // As its game was (the panel promises the same options); no invite code: it has its invitee.
      visibility: row.visibility,
      inviteCode: null,
      daysPerMove: row.daysPerMove,
      // Rated if asked, as a new game is (the web client offers the old game's choice).
      rated: input.rated === true,
      ...(input.playerSeed !== undefined && { playerSeed: input.playerSeed }),
      creatorId: userId,
      creatorRole: opponent.role,
      inviteeId: opponent.userId,
      rematchOf: row.id,
      now,
    });
    await enqueueRematchEmail(tx, ctx.config, { old: row, created, offerer: me, to: opponent, now });
    return { created, players: row.players.map((p) => p.userId) };
  });
  if ('existing' in done) {
    return { status: 200, body: (await readGameAs(ctx, userId, done.existing!, {})).game! };
  }
  const body = presentGame(done.created, userId, null, ctx.config);
  // The opponent's pages hear of it: their own stream (the new game) and the old game's.
  ctx.events.publish(gameEvent(body));
  ctx.events.publish({ id: gameId, version: 0, rematch: body.id, users: done.players });
  return { status: 201, body };
}

/** The rematch of a game the caller played, if one is offered (404 if not). */
export async function getRematch(ctx: ServiceContext, userId: string, gameId: string): Promise<GameResource> {
  await playedGame(ctx.prisma, userId, gameId);
  const id = await findRematchId(ctx.prisma, gameId);
  if (!id) throw new AppError('not_found', 'No rematch of this game has been offered.');
  const read = await readGameAs(ctx, userId, id, {});
  return read.game!;
}

/** "Marcus offers a rematch", to the opponent, if they want this game's emails. */
async function enqueueRematchEmail(
  tx: Prisma.TransactionClient,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  o: { old: GameRow; created: GameRow; offerer: SeatRow; to: SeatRow; now: Date },
): Promise<void> {
  const { to } = o;
  const pref = to.user.emailPreference;
  if (!to.emailNotifications || !to.user.emailConfirmed || (pref !== 'all' && pref !== 'moves')) return;
  const m = moduleOf(o.old);
  const name = `${m.title} #${o.old.number}`;
  const days = o.created.daysPerMove === null ? 'no time limit' : `${o.created.daysPerMove} day${o.created.daysPerMove === 1 ? '' : 's'} per move`;
  const email = render(
    {
      publicUrl: config.publicUrl,
      game: { number: o.old.number, title: m.title },
      // The button opens the new game, where the offer is accepted or declined.
      gameId: o.created.id,
      recipient: { name: to.user.displayName, role: to.role },
      unsubscribeUrl: unsubscribeUrl(config.publicUrl, config.jwtSecret, to.userId),
    },
    `${o.offerer.user.displayName} offers a rematch of ${name}`,
    `${o.offerer.user.displayName} offers you a rematch of ${name}, sides swapped.`,
    [`You would play ${o.offerer.role}, and ${o.offerer.user.displayName} ${to.role}, with the same options (${days}).`, 'Open the game to accept or decline.'],
    'Accept or decline',
  );
  await tx.outboxEmail.createMany({
    data: [
      {
        kind: 'rematch',
        dedupeKey: `rematch:${o.created.id}`,
        toAddress: to.user.email,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        userId: to.userId,
        gameId: o.created.id,
        nextAttemptAt: o.now,
        createdAt: o.now,
      },
    ],
    skipDuplicates: true,
  });
}
