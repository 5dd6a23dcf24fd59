// Which games are rated, and what their end counts as. A game is rated when its creator asks
// (`rated: true`), and only a game between two people: never one against the rulebook bot or the
// computer (nor a game of another number of players). Its end counts for both players when it
// has a result: a win by the rules, a resignation, a time-out claim or an abandonment (docs/ratings.md,
// Time controls) is a win and a loss, a draw by the rules is a draw; a game both players
// abandoned, or aborted (ended before each side had made its first moves: src/engine/ending.ts),
// has no result and changes no rating. Rated play needs a confirmed address, so that throwaway
// accounts cost their maker a mailbox each (issue: eight throwaways farmed a rating in 6 s).
import { AppError } from '../errors.js';

/** The request's 400 if a game with these roles and this opponent cannot be rated. */
export function refuseUnratable(m: { title: string; roles: readonly string[] }, opponent: string | undefined): void {
  const refuse = (message: string, detail: string) => new AppError('validation_failed', message, { errors: [{ in: 'body', path: '/rated', message: detail }] });
  if (opponent !== undefined) throw refuse(`A game against the ${opponent} is never rated: only games between two people are.`, 'only games between two people are rated');
  if (m.roles.length !== 2) throw refuse(`${m.title} is not a game for two: only games between two people are rated.`, 'only games between two people are rated');
}

/** A player's score in a rated game that ended with this winner (null: a draw). */
export function scoreOf(role: string, winner: string | null): 0 | 0.5 | 1 {
  return winner === null ? 0.5 : winner === role ? 1 : 0;
}

/** The 403 for a rated game made or joined by an account whose address is not confirmed. */
export function refuseUnconfirmedRated(user: { emailVerifiedAt: Date | null }): void {
  if (user.emailVerifiedAt !== null) return;
  throw new AppError('email_unconfirmed', 'Rated games need a confirmed email address: confirm yours with the link Alea emailed you (your home page sends it again) first.');
}
