// The rating maths against Glickman's worked example ("Example of the Glicko-2 system"): a player
// rated 1500 (RD 200, volatility 0.06) plays three games in one rating period, against 1400
// (RD 30), 1550 (RD 100) and 1700 (RD 300), winning the first and losing the others, with τ = 0.5.
// The paper prints each step rounded to four decimals on the Glicko-2 scale (μ, φ) and its
// result r' = 1464.06, RD' = 151.52, σ' = 0.05999, which it computes from the rounded
// μ' = -0.2069 (173.7178 × -0.2069 + 1500 = 1464.06); the exact μ' is -0.20694, i.e. 1464.05.
import t from 'tap';
import { GLICKO2, INITIAL_RATING, rateGame, ratePeriod } from '../../../src/app/ratings/glicko2.js';

const SCALE = 173.7178;
const round = (x: number, places: number) => Number(x.toFixed(places));

t.test('Glickman\'s example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300', async (t) => {
  const after = ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
    { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
    { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
    { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
  ]);
  // Step 8 on the Glicko-2 scale, to the paper's four decimals.
  t.equal(round((after.rating - 1500) / SCALE, 4), -0.2069, "μ' = -0.2069");
  t.equal(round(after.rd / SCALE, 4), 0.8722, "φ' = 0.8722");
  // The paper prints σ' = 0.05999 (the exact value is 0.0599960: it cuts the fifth decimal).
  t.ok(Math.abs(after.volatility - 0.05999) < 0.00001, `σ' = 0.05999 (exact: ${after.volatility.toFixed(7)})`);
  // Back on the Glicko scale: the paper's figures, within the rounding of its μ' and φ'.
  t.ok(Math.abs(after.rating - 1464.06) < 0.01, `r' = 1464.06 (the paper rounds μ' first; exact: ${after.rating.toFixed(4)})`);
  t.equal(round(after.rd, 2), 151.52, "RD' = 151.52");
});

t.test('the published parameters', async (t) => {
  t.same(INITIAL_RATING, { rating: 1500, rd: 350, volatility: 0.06 });
  t.equal(GLICKO2.tau, 0.5);
});

t.test('one game is one rating period for each player, from both ratings before it', async (t) => {
  const a = { rating: 1600, rd: 120, volatility: 0.06 };
  const b = { rating: 1450, rd: 250, volatility: 0.059 };
  const [a2, b2] = rateGame(a, b, 1);
  t.same(a2, ratePeriod(a, [{ opponent: b, score: 1 }]));
  t.same(b2, ratePeriod(b, [{ opponent: a, score: 0 }]));
  t.ok(a2.rating > a.rating && b2.rating < b.rating, 'the winner gains, the loser loses');
  t.ok(a2.rd < a.rd && b2.rd < b.rd, 'a game makes both ratings surer');
  const [d1, d2] = rateGame(INITIAL_RATING, INITIAL_RATING, 0.5);
  t.equal(d1.rating, 1500, 'a draw between equals changes no rating');
  t.same(d1, d2);
  const [w, l] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
  t.equal(round(w.rating, 1), 1662.3, 'a first win between newcomers: 1662.3');
  t.equal(round(l.rating, 1), 1337.7);
  t.throws(() => ratePeriod(a, []), /without games/);
});
