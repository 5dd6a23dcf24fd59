// When a game is underway (GameModule.underway), and how a game ended by a player rather than the
// rules ends (src/engine/ending.ts): before each side has made its moves of the first turn it is
// aborted, with no result; after, the proposed result stands. Issue 38.2: throwaway accounts that
// resigned at once farmed a rating. The first turn is each rulebook's own: Julius Caesar's game
// turn (JC-33, rules 2.0-2.3: both cards, both command phases, the battles), Caesar's Gallic War's
// first card play (CGW-16, rules 4: both cards played and both actions done).
import t from 'tap';
import { endingOutcome, games, type Action, type GameModule } from '../../src/engine/index.js';
import { testSeed } from '../helpers/seeds.js';

/** Plays the pending roles' quietest legal actions ('done', 'pass', else the first) and records when `underway` turns. */
function playQuietly(m: GameModule, options: Record<string, unknown>, stop: (state: any) => boolean, limit = 2000): { flips: number; state: any; before: any } {
  let state = m.setup(testSeed(7), options as never);
  let before = state;
  let flips = 0;
  for (let i = 0; i < limit && !m.outcome(state) && !stop(state); i++) {
    const role = m.pending(state)[0]!;
    const legal = m.legalActions(state, role);
    const a: Action = legal.find((x) => x.type === 'done' || x.type === 'pass') ?? legal[0]!;
    const next = m.apply(state, role, a);
    if (m.underway(next) !== m.underway(state)) {
      flips++;
      before = state;
    }
    state = next;
  }
  return { flips, state, before };
}

t.test('JC-33 Julius Caesar is underway once turn 1 is over: both cards, both command phases and the battles done', async (t) => {
  const m = games['julius-caesar']!;
  const start = m.setup(testSeed(7), {});
  t.equal(m.underway(start), false, 'not at the start (deployment, discards)');
  const run = playQuietly(m, {}, (s) => s.turn >= 3);
  t.equal(run.flips, 1, 'it turns once, and stays');
  t.equal(run.before.turn, 1, 'the last state not underway is in turn 1');
  t.equal(run.state.turn, 3);
  t.equal(m.underway(run.state), true);
  const turn2 = playQuietly(m, {}, (s) => s.turn === 2);
  t.equal(m.underway(turn2.state), true, 'turn 2 has begun: underway');
  t.same(m.pending(turn2.state).sort(), ['Caesar', 'Pompey'], 'at turn 2\'s card play');
});

t.test("CGW-16 Caesar's Gallic War is underway once the first card play is over (cards put away), before the second is revealed", async (t) => {
  const m = games['caesars-gallic-war']!;
  t.equal(m.underway(m.setup(testSeed(7), {})), false);
  const run = playQuietly(m, {}, (s) => s.round >= 2 && s.played.Roman !== null);
  t.equal(run.flips, 1, 'it turns once, and stays');
  t.equal(run.before.round, 1, 'the last state not underway is in the first card play');
  t.equal(run.state.turn, 1, 'within the first turn (a year of card plays)');
  t.equal(m.underway(run.state), true);
  // The solitaire game (12): the same, with the bot's card play.
  const solo = playQuietly(m, { solitaire: true }, (s) => s.round >= 2 && s.played.Roman !== null);
  t.equal(solo.flips, 1);
  t.equal(m.underway(solo.state), true);
});

t.test('a resignation or time-out before the game is underway aborts it: no winner; after, the proposed result stands', async (t) => {
  for (const m of Object.values(games)) {
    const start = m.setup(testSeed(8), {});
    const proposed = { winner: m.roles[0]!, reason: `${m.roles[1]} resigned`, vp: { [m.roles[0]!]: 3 } };
    t.same(endingOutcome(m, start, proposed), { winner: null, reason: `${m.roles[1]} resigned before each side had made its moves of the first turn: the game is aborted`, vp: proposed.vp, aborted: true }, `${m.id}: aborted at the start`);
    const later = playQuietly(m, {}, (s) => m.underway(s)).state;
    t.equal(endingOutcome(m, later, proposed), proposed, `${m.id}: the result stands once underway`);
  }
});
