// describe(): the human label of every legal action, written from the actor's own view. Random
// playouts check that no label names a block the actor may not see and that no two legal actions
// share a label; a few positions check the wording.

import t from 'tap';
import { chooser } from '../../helpers/chooser.js';
import { miscountedAlong } from '../../helpers/wording.js';
import { testSeed } from '../../helpers/seeds.js';
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { CARDS } from '../../../src/engine/caesars-gallic-war/data/cards.js';
import { AREAS } from '../../../src/engine/caesars-gallic-war/data/map.js';
import { cgw, position, type Action, type CGWView, type Role, type State } from './helpers.js';

const GAMES = Number(process.env.LABEL_GAMES ?? 12);
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A name as a whole word: "Legio V" is not found in "Legio VII".
const NAMES = [...new Set(BLOCKS.map((b) => b.name))].map((n) => [n, new RegExp(`(^|[^\\w])${escape(n)}(?![\\w])`)] as const);
// Areas and cards share names with tribes ("Aedui"): those words are taken out before looking for blocks.
const PLACES = [...AREAS.map((a) => a.name), ...CARDS.map((c) => c.name), 'Transalpine Gaul'].sort((a, b) => b.length - a.length);

/** A block name in a label that the actor's view does not show, or null. */
function leakIn(label: string, v: CGWView, a: Action): string | null {
  const seen = new Set<string>();
  // A leader set aside that an event lets the Barbarian place: the event names him.
  if (a.type === 'place') seen.add(BLOCKS.find((b) => b.id === a.leader)!.name);
  for (const b of v.blocks) if (b.name) seen.add(b.name);
  for (const id of [...v.offMap.eliminated, ...v.offMap.removed, ...v.offMap.forcePool]) seen.add(BLOCKS.find((b) => b.id === id)!.name);
  let rest = label;
  for (const p of PLACES) rest = rest.split(p).join(' ');
  for (const [name, re] of NAMES) if (re.test(rest) && !seen.has(name)) return `block name ${name}`;
  return null;
}

t.test('labels of every legal action along random games name only what the actor sees, and tell actions apart', async (t) => {
  const failures: string[] = [];
  let labels = 0;
  for (let g = 0; g < GAMES && failures.length < 5; g++) {
    const pick = chooser(g + 700);
    let s = cgw.setup(testSeed(g), {}) as State;
    for (let n = 0; n < 20000 && cgw.pending(s).length; n++) {
      for (const role of ['Roman', 'Barbarian'] as const) {
        const legal = cgw.legalActions(s, role);
        if (legal.length === 0) continue;
        const v = cgw.view(s, role) as CGWView;
        const seen = new Map<string, Action>();
        for (const a of legal) {
          const label = cgw.describe!(s, role, a);
          labels++;
          if (typeof label !== 'string' || label.trim() === '' || label === a.type) failures.push(`game ${g}: no label for ${JSON.stringify(a)}`);
          const leak = leakIn(label, v, a);
          if (leak) failures.push(`game ${g} ${s.step}: ${role}'s label "${label}" names ${leak}`);
          const twin = seen.get(label);
          if (twin) failures.push(`game ${g} ${s.step}: "${label}" for both ${JSON.stringify(twin)} and ${JSON.stringify(a)}`);
          seen.set(label, a);
        }
      }
      const pending = cgw.pending(s) as Role[];
      const role = pending[pick(pending.length)]!;
      const legal = cgw.legalActions(s, role);
      s = cgw.apply(s, role, legal[pick(legal.length)]!) as State;
    }
  }
  t.same(failures.slice(0, 5), [], `${GAMES} games, ${labels} labels`);
});

t.test('labels read as a player would say them', async (t) => {
  const s = position({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { sequani: ['sequani'] } });
  t.equal(cgw.describe!(s, 'Roman', { type: 'play', card: 'bellovaci' }), 'Play Bellovaci + Caletes');
  t.equal(cgw.describe!(s, 'Roman', { type: 'move', block: 'legio-VII', path: ['mandubii', 'leuci'] }), 'Move Legio VII to Mandubii + Senones then Leuci (force march)');
  t.equal(cgw.describe!(s, 'Roman', { type: 'declare', action: 'political' }), 'Announce a Political Action');
  t.equal(cgw.describe!(s, 'Roman', { type: 'fire', block: 'sequani' }), 'Fire with a Barbarian unit', 'an enemy block out of battle is not named');
  t.equal(cgw.describe!(s, 'Barbarian', { type: 'fire', block: 'sequani' }), 'Fire with Sequani');
});

t.test('counts read right along random games: log entries, prompts and labels never say "(s)" or "1 units"', async (t) => {
  const { texts, wrong } = miscountedAlong(cgw as any, 6, (g) => cgw.setup(testSeed(g + 40), g % 2 ? { solitaire: true } : {}), (g) => chooser(g + 900), ['Roman', 'Barbarian', null]);
  t.same(wrong.slice(0, 10), [], `${texts} texts`);
});
