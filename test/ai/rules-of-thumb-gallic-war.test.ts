// The Roman's rules of thumb for what to announce with his card (src/engine/caesars-gallic-war/
// computer/rules-of-thumb.ts): they play his side of every playout, and a playout Roman who rolls
// for one tribe a round when his legions could take three sees a lost game where there is none
// (policy self-play: the Roman won 4% of 1,000 games with the old scores, 20% with these;
// docs/benchmarks.md). And where his legions winter: a playout Roman who brings every legion home
// gives back the areas the evaluation counted his (32% of 1,000 with the legions wintering in the
// areas not yet his).

import t from 'tap';
import { knowledge } from '../../src/search/game-knowledge.js';
import { endOfTurn, legal, play, position, type Spec } from '../engine/caesars-gallic-war/helpers.js';
import type { State } from '../engine/caesars-gallic-war/helpers.js';

const know = knowledge['caesars-gallic-war']!;

/** The Roman's announcements in `s`, best first by the rules of thumb. */
function ranked(s: State): string[] {
  const acts = legal(s, 'Roman', 'declare');
  const sc = know.prior(s, 'Roman', acts);
  return acts.map((a, i) => [a.action as string, sc[i]!] as const).sort((x, y) => y[1] - x[1]).map((x) => x[0]);
}

t.test('CGW-32/CGW-34 a neutral tribe activated is an area won for certain: the Roman\'s first choice while his yearly activation is left', async (t) => {
  // CGW-32, CGW-34
  const s = play(position(), { Roman: 'aedui', Barbarian: 'leuci' });
  t.ok(ranked(s).includes('political'), 'a Political Action was open too');
  t.equal(ranked(s)[0], 'activation');
});

// Three legions apart, each beside a lone neutral tribe of strength 1; the card is worth 3.
const spread: Spec = {
  clear: true,
  turn: 2,
  supply: 10,
  Roman: { allobroges: ['legio-VII'], transalpine_gaul: ['legio-X'], volcae: ['legio-VIII'] },
  neutral: { sequani: ['sequani:1'], helvetii: ['helvetii:1'], arverni: ['arverni:1'], aedui: ['aedui:1'] },
  Barbarian: { treveri: ['treveri'] },
};

t.test('CGW-49 with a 1-point card, a group beside a tribe it outweighs moves rather than roll for one area', async (t) => {
  // CGW-49: movement activates up to AP groups; CGW-37: a Political Action takes one tribal area at most.
  const s = play(position(spread), { Roman: 'atuatuci', Barbarian: 'leuci' });
  const r = ranked(s);
  t.ok(r.indexOf('movement') < r.indexOf('political'), `movement before a political roll (${r.join(', ')})`);
});

t.test('CGW-49 with a 1-point card and nothing next door it outweighs, the Roman rolls rather than march', async (t) => {
  // CGW-49, CGW-37: a worn legion in Transalpine Gaul, every tribal area beside it held by tribes it does not outweigh.
  const settled: Spec = {
    clear: true,
    turn: 2,
    supply: 10,
    Roman: { transalpine_gaul: ['legio-VII:1'] },
    neutral: { allobroges: ['allobroges:2'], boii: ['boii:2'], helvetii: ['helvetii:2'], volcae: ['volcae:2'] },
  };
  const s = play(position(settled), { Roman: 'atuatuci', Barbarian: 'leuci' });
  const r = ranked(s);
  t.ok(r.indexOf('political') < r.indexOf('movement'), `a political roll before movement (${r.join(', ')})`);
});

t.test('CGW-38 a 3-point card rolls on better odds: the political roll before the march', async (t) => {
  // CGW-38: the roll succeeds on a die up to the card's value, less the modifiers.
  const s = play(position(spread), { Roman: 'bellovaci', Barbarian: 'leuci' });
  const r = ranked(s);
  t.ok(r.indexOf('political') < r.indexOf('movement'), `a political roll before movement (${r.join(', ')})`);
});

t.test('CGW-126/CGW-121 a legion winters in an area not yet Rome\'s, whose Barbarian tribe defects on coming home; one in a Roman area goes home', async (t) => {
  // CGW-121: legions outside Transalpine Gaul go home unless the Roman leaves them to winter in Gaul.
  // CGW-126: a Barbarian ally going home to an area that holds a legion defects to Rome.
  const s = endOfTurn({
    clear: true,
    Roman: { sequani: ['legio-VII'], allobroges: ['legio-VIII', 'allobroges'], transalpine_gaul: ['legio-X'] },
    Barbarian: { leuci: ['sequani:3'] },
  });
  t.equal(s.step, 'winter-legions');
  const acts = legal(s, 'Roman');
  const sc = know.prior(s, 'Roman', acts);
  const score = (type: string, block?: string) => sc[acts.findIndex((a) => a.type === type && (block === undefined || a.block === block))]!;
  t.ok(score('stay', 'legio-VII') > score('done'), 'the legion in the Sequani winters there');
  t.ok(score('done') > score('stay', 'legio-VIII'), 'the legion in the Roman Allobroges goes home');
});
