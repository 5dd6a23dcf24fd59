// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system"), with the paper's published
// parameters: a new player is 1500 with RD 350 and volatility 0.06, and the system constant
// τ = 0.5 (the paper suggests 0.3-1.2; 0.5 is its own example's, and the middle of the range that
// keeps a few upsets from swinging a rating). The maths is the npm package glicko2-lite, a small
// dependency-free transcription of the paper's steps 1-8 with the Illinois algorithm for the
// volatility (ε = 0.000001, the paper's); test/app/ratings/glicko2.test.ts checks it against the
// paper's worked example.
//
// Rating periods: one game. A correspondence game lasts weeks, so ratings are updated as each
// rated game ends (as correspondence sites do), both players from their ratings before it (the
// paper's "rating period" holding one game). Alea applies no growth of RD for time without
// games (the paper's step 6 for a player who did not compete): a period exists only where a game
// was played, so a rating depends on the finished games and their order alone, and
// `npm run ratings:rebuild` gives it back exactly.
import glicko2 from 'glicko2-lite';

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

/** The published parameters (see the header). */
export const GLICKO2 = { rating: 1500, rd: 350, volatility: 0.06, tau: 0.5 } as const;

/** A player's rating before their first rated game. */
export const INITIAL_RATING: Rating = { rating: GLICKO2.rating, rd: GLICKO2.rd, volatility: GLICKO2.volatility };

/** 1 a win, 0.5 a draw, 0 a loss. */
export type Score = 0 | 0.5 | 1;

/** A player's rating after one rating period with these results (each against an opponent as rated before it). */
export function ratePeriod(player: Rating, results: readonly { opponent: Rating; score: Score }[]): Rating {
  if (results.length === 0) throw new Error('a rating period without games changes nothing here (see the header)');
  const r = glicko2(
    player.rating,
    player.rd,
    player.volatility,
    results.map((x) => [x.opponent.rating, x.opponent.rd, x.score] as [number, number, number]),
    { rating: GLICKO2.rating, tau: GLICKO2.tau },
  );
  return { rating: r.rating, rd: r.rd, volatility: r.vol };
}

/** Both players' ratings after one game between them: `scoreA` is the first player's score. */
export function rateGame(a: Rating, b: Rating, scoreA: Score): [Rating, Rating] {
  return [ratePeriod(a, [{ opponent: b, score: scoreA }]), ratePeriod(b, [{ opponent: a, score: (1 - scoreA) as Score }])];
}
