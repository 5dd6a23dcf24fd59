// The belief is exact at every decision: whole seeded games of both games, played by the rules
// of thumb with noise (test/ai/belief-games.ts), with each decision's belief rebuilt as decide()
// rebuilds it, for whichever role is to move (so both seats, and JC's free deployment too), and
// the states the search samples from it keep that view and those legal actions. This
// is the hunt that found the Gallic leaders' bug, a wrong wintering guess that ate the replay's
// allowance, and a secret choice made before the last decision that could not be guessed again;
// `npm run bench:ai -- --belief N` runs it over more games.

import t, { type Test } from 'tap';
import { rebuild } from '../../src/search/belief.js';
import { knowledge, type GameKnowledge } from '../../src/search/game-knowledge.js';
import { huntBelief } from './belief-games.js';
import { recorded, type GameId } from './helpers.js';

/** One hunt game that found a bug: played to its end, its belief exact at every decision. */
async function exactGame(t: Test, game: GameId, offset: number): Promise<void> {
  const r = huntBelief(game, 1, offset);
  t.equal(r.ended, 1, 'the game was played to its end');
  t.same(r.inexact, [], `0 inexact decisions of ${r.decisions}`);
}

for (const [game, count] of [['julius-caesar', 8], ['caesars-gallic-war', 5]] as const) {
  t.test(`${game}: the belief is exact at every decision of ${count} seeded games, both seats`, async (t) => {
    const r = huntBelief(game, count);
    t.equal(r.ended, count, 'every game was played to its end');
    t.ok(r.decisions > count * 150, `decisions checked (${r.decisions})`);
    t.same(r.inexact, [], `0 inexact decisions of ${r.decisions}`);
    // The sampler checks only some samples at run time (sampler.test.ts): here every one.
    t.ok(r.samples > r.decisions, `samples checked (${r.samples})`);
    t.same(r.badSamples, [], `every sample of ${r.samples} has the view and legal actions the computer has`);
  });
}

// JC-22: two God cards cancel and the turn ends, leaving the opponent's card in no view, only in
// the log; the belief took any God card of his that fitted the view (games 108 and 125 of the
// hunt: a card shown played was still believed in his hand, and a later reveal found no guess).
t.test('julius-caesar: a God card cancelled by another is believed played, the very card the log names', async (t) => {
  for (const g of [108, 125]) {
    const r = huntBelief('julius-caesar', 1, g);
    t.same(r.inexact, [], `game ${g}: 0 inexact decisions of ${r.decisions}`);
  }
});

// JC-43 (the blocks fighting are revealed; Reserves when they arrive in Round 2): the
// enemy leader fighting in the battle was exchanged, before the shot that killed him, with the
// reserve block that then arrived, since the view after the shot no longer shows him (game 112).
t.test('julius-caesar: a block the viewer sees fighting keeps its identity when the shot kills it', async (t) => {
  const r = huntBelief('julius-caesar', 1, 112);
  t.same(r.inexact, [], `0 inexact decisions of ${r.decisions}`);
});

// JC-43 again: a Reserve guessed at III arrives at I and its disruption eliminates it; the
// replay tried each hidden block a step up or down only (game 372). Farther strengths are tried
// after every nearer guess and exchange, and only where the entry's lines point: tried among the
// others, or anywhere, they let a wrong guess fit first (games 109 and 100, which then failed later).
t.test('julius-caesar: a Reserve that arrives two steps from its guess is found, after the nearer guesses', async (t) => {
  for (const g of [372, 109, 100]) {
    const r = huntBelief('julius-caesar', 1, g);
    t.same(r.inexact, [], `game ${g}: 0 inexact decisions of ${r.decisions}`);
  }
});

// JC-43 and JC-123: the enemy's main force died in Round 1, and both his Reserves, named at I by
// the line that says they arrive, were disrupted and eliminated in the same shot; the belief had
// two other blocks there at III and II, which survived, and the battle went on. Each block the
// line names takes a Reserve slot at its strength before the shot (game 457).
t.test('julius-caesar: Reserves named as they arrive are put in the battle at their strength, several at once', (t) => exactGame(t, 'julius-caesar', 457));

// JC-43 and JC-71: the blocks a battle reveals as it starts are its main force; the Reserves, that
// came by another road, stay hidden. A revealed block was put, before the battle, in the slot of
// a block believed to have come by another road, so the belief revealed a different block in its
// place (game 68).
t.test('julius-caesar: a block revealed as a battle starts takes a main-force slot, not a Reserve\'s', (t) => exactGame(t, 'julius-caesar', 68));

// JC-164 and JC-166: Jupiter strikes a random enemy block of the city chosen. The lines named
// Neapolis and the block struck, but the first throw for Neapolis had picked another block there,
// and only the three guesses whose first throws wrote lines most like the entry's were thrown
// again: three other cities, never Neapolis (game 687). The best guess by the lines' words is
// thrown again too.
t.test('julius-caesar: the city Jupiter struck, named by the lines, is thrown again until the block struck is the one named', (t) => exactGame(t, 'julius-caesar', 687));

// CGW-114 and CGW-131: the End of Turn stops for the Roman's replacements (7.5) whenever he has
// supply and a legion on the map is below full strength; one that goes on to supply production
// says every legion was full. After a secret retreat a legion seen at 4 was believed at 2 (the
// strength of the allied tribe whose place it took), and the Barbarian's replay stopped at a
// replacements step the real game never had (game 106).
t.test('caesars-gallic-war: an End of Turn with no Roman replacements means every legion was at full strength', (t) => exactGame(t, 'caesars-gallic-war', 106));

// CGW-1 and CGW-121: the Roman's legions and allied tribes look alike to the Barbarian. A legion
// that regrouped to the Volcae was believed to be the Volcae going home, and the legion believed
// to have stayed behind with the Volcae in its place; fifty entries later it wintered there, and no
// choice of wintering legions of the rebuilt state left as many units in the Volcae (game 147).
t.test('caesars-gallic-war: a legion believed to be an allied tribe may winter where the tribe was believed to stand', (t) => exactGame(t, 'caesars-gallic-war', 147));

// CGW-55: only legions force march. A legion and an allied tribe were believed each in the
// other's area, so the rebuilt state had only tribes in the area a force march then left, and its
// attack on Sequani missed the reserve the march brought (game 212).
t.test('caesars-gallic-war: a force march from an area believed to hold only allied tribes was made by a legion', (t) => exactGame(t, 'caesars-gallic-war', 212));

// CGW-42: a Political Action that succeeds places the target's tribes at home wherever they
// stood. The Roman's action on Treveri + Eburones, both the Barbarian's, believed elsewhere with
// two Germans believed at their home: no one exchange fitted the places the view after left
// (game 94). The tribes now take slots where the view after shows fewer hidden units.
t.test('caesars-gallic-war: tribes a Political Action places at home stood where the view after holds fewer hidden units', (t) => exactGame(t, 'caesars-gallic-war', 94));

// CGW-137: only Ariovistus subdues. A move from Germania whose lines said he tried to subdue
// Treveri + Eburones, with Ariovistus believed already moved to Mediomatrici (another German's
// move guessed as his) and Germania not believed designated: one guess changed at a time could
// not mend both (game 74). He now takes an unmoved German's slot where the move line starts.
t.test('caesars-gallic-war: the hidden move whose lines say Ariovistus tries to subdue is his, from where the line starts', (t) => exactGame(t, 'caesars-gallic-war', 74));

/** A recorded game (test/ai/helpers.ts recorded): `role`'s belief, rebuilt as decide() does at each of its decisions, is exact at every one. */
function exactRecorded(t: Test, file: string, role: string): void {
  const inexact: string[] = [];
  let decisions = 0;
  for (const p of recorded(file)) {
    if (p.role !== role || p.input.legal.length < 2) continue;
    decisions++;
    const r = rebuild(knowledge[p.game] as GameKnowledge<unknown, unknown>, p.input);
    if (!r.exact) inexact.push(`action ${p.n}: ${r.failure}`);
  }
  t.ok(decisions > 10, `${role}'s decisions checked (${decisions})`);
  t.same(inexact, [], `0 inexact of ${decisions}`);
}

// CGW-137 again, in a game of the benchmark's (ladder-easy 38): Ariovistus, who had stayed out of
// sight for the winter, was believed in Leuci, and the area his subduing move left, Helvetii
// (Nantuates), believed to hold only Gallic tribes: he took no slot there (only an unmoved German's),
// and the Roman's belief failed for the rest of the game. Hidden German and Gallic blocks look alike:
// he now takes a hidden Gallic unit's slot where there is no German's.
t.test('caesars-gallic-war: Ariovistus subduing from an area believed to hold only Gallic tribes takes one of their slots', (t) => {
  exactRecorded(t, 'belief-ariovistus-game.json', 'Roman');
  t.end();
});

// CGW-122 (7.3.2) and CGW-1: in a game of the benchmark's (ladder-hard 15, the code of bff36c0, rules
// revision 1), Caesar wintered in Boii + Helvii with Legio I and Legio XIV, one over the garrison
// limit of 2 but for him (he does not count). The Barbarian's belief had Caesar elsewhere and one of
// those legions as an allied tribe in Volcae: the remade wintering choice dropped every set over the
// limit before trying Caesar in one of its places, and ran out of its 400 tries among the legions
// exchanged for tribes before reaching that one. The belief failed for the last 140 actions (46
// of hard's decisions); it now tries Caesar in an area one over the limit, with 2,000 tries.
t.test('caesars-gallic-war: Caesar wintering with two legions in one area, believed elsewhere, with one of them believed a tribe', (t) => {
  exactRecorded(t, 'belief-hard-15-game.json', 'Barbarian');
  t.end();
});

// CGW-1 and 7.3.3 (CGW-121): in a game of the benchmark's (ladder-hard 11, the code of 4f52cc0, rules
// revision 2), Caesar and two legions wintered in Cadurci + Ruteni, where the Barbarian's belief
// had three of the Roman's allied tribes, with those legions where the tribes stood; a winter
// battle in Transalpine Gaul came between. Only when the tribes went home did the view (and the
// winter supply line, which counts the legions without Caesar) tell, three exchanges at once, so
// the belief failed for the rest of the game (87 of hard's 308 decisions). The legions are now
// dealt again among the Roman's hidden units so that each area keeps what the view leaves, and
// Caesar's block tried in each legion's place.
t.test('caesars-gallic-war: legions wintering where the belief had allied tribes, shown when the tribes go home', (t) => {
  exactRecorded(t, 'belief-hard-11-game.json', 'Barbarian');
  t.end();
});

t.test('the belief is exact when its replay is paused by its deadline again and again and resumed', async (t) => {
  for (const [game, offset] of [['julius-caesar', 20], ['caesars-gallic-war', 20]] as const) {
    const r = huntBelief(game, 1, offset, 1);
    t.ok(r.paused > 10, `${game}: replays paused (${r.paused} times) and resumed`);
    t.same(r.inexact, [], `${game}: 0 inexact decisions of ${r.decisions}`);
  }
});
