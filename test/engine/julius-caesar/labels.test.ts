// describe(): the human label of every legal action, written from the actor's own view.
// Random playouts as in properties.test.ts check that no label names a block or a card the
// actor may not see; a few positions check the wording.

import t from 'tap';
import { chooser } from '../../helpers/chooser.js';
import { miscountedAlong } from '../../helpers/wording.js';
import { testSeed } from '../../helpers/seeds.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { jc, type Action, type JCView, type Role, type State } from './helpers.js';

const GAMES = Number(process.env.LABEL_GAMES ?? 24);
const picker = (seed: number) => chooser(seed * 2654435761);
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A name as a whole word: "Legio 1" is not found in "Legio 13".
const NAMES = [...new Set(BLOCKS.map((b) => b.name))].map((n) => [n, new RegExp(`(^|[^\\w])${escape(n)}(?![\\w])`)] as const);
const GODS = CARDS.flatMap((c) => (c.kind === 'god' ? [[c.id, c.god] as const] : []));

/**
 * What in a label the actor's view does not show, or null: a checker for one view, which gathers
 * what the view shows once for all the labels of that position.
 */
function leaks(v: JCView, role: Role): (label: string) => string | null {
  const seen = new Set<string>();
  for (const b of v.blocks) if (b.name) seen.add(b.name);
  for (const p of v.pools[role].available ?? []) seen.add(p.name);
  const cards = new Set<string>([...(v.hand ?? []), ...(v.discard ? [v.discard] : [])]);
  for (const r of ['Caesar', 'Pompey'] as const) {
    const c = v.cards[r];
    if (c.card) cards.add(c.card);
    if (c.actsAs) cards.add(c.actsAs);
  }
  return (label) => {
    // A name as a whole word, looked for only where it occurs at all.
    for (const [name, re] of NAMES) if (label.includes(name) && re.test(label) && !seen.has(name)) return `block name ${name}`;
    for (const b of BLOCKS) if (label.includes(b.id)) return `block id ${b.id}`;
    for (const m of label.matchAll(/\bK\d\d\b/g)) if (!cards.has(m[0])) return `card ${m[0]}`;
    for (const [id, god] of GODS) if (label.includes(god) && !cards.has(id) && v.command?.god !== god) return `god card ${god}`;
    return null;
  };
}

t.test('labels of every legal action along random games name only what the actor sees, and tell actions apart', async (t) => {
  const failures: string[] = [];
  let labels = 0;
  for (let g = 0; g < GAMES && failures.length < 5; g++) {
    const pick = picker(g + 500);
    let s = jc.setup(testSeed(g), { scenario: g % 3 === 2 ? 'free-deployment' : 'historical' }) as State;
    for (let n = 0; n < 20000 && jc.pending(s).length; n++) {
      const pending = jc.pending(s) as Role[];
      for (const role of ['Caesar', 'Pompey'] as const) {
        const legal = jc.legalActions(s, role);
        if (legal.length === 0) continue;
        const leakIn = leaks(jc.view(s, role) as JCView, role);
        const seen = new Map<string, Action>();
        for (const a of legal) {
          const label = jc.describe!(s, role, a);
          labels++;
          if (typeof label !== 'string' || label.trim() === '') failures.push(`game ${g}: empty label for ${JSON.stringify(a)}`);
          const leak = leakIn(label);
          if (leak) failures.push(`game ${g} ${s.step}: ${role}'s label "${label}" names ${leak}`);
          const twin = seen.get(label);
          if (twin) failures.push(`game ${g} ${s.step}: "${label}" for both ${JSON.stringify(twin)} and ${JSON.stringify(a)}`);
          seen.set(label, a);
        }
      }
      const role = pending[pick(pending.length)]!;
      const legal = jc.legalActions(s, role);
      s = jc.apply(s, role, legal[pick(legal.length)]!) as State;
    }
  }
  t.same(failures.slice(0, 5), [], `${GAMES} games, ${labels} labels`);
});

t.test('labels read as a player would say them', async (t) => {
  let s = jc.setup(testSeed(1)) as State;
  const labels = (role: Role) => jc.legalActions(s, role).map((a) => jc.describe!(s, role, a));
  // The Year's discard: own cards by their values or god.
  const discard = labels('Caesar');
  t.ok(discard.every((l) => /^Discard (K\d\d: move \d, levy \d|\w+ \(god card\))$/.test(l)), discard.join('; '));
  t.ok(jc.describe!(s, 'Caesar', { type: 'play', card: 'K03' }).startsWith('Play Mars (god card)'));
  // Every label of the opponent's actions in my turn names only their own blocks.
  t.equal(jc.describe!(s, 'Caesar', { type: 'fire', block: 'P-Pompey' }), 'Fire with a block', "another side's block is never named");
  t.equal(jc.describe!(s, 'Caesar', { type: 'move', block: 'C-L13', path: ['Rome', 'Neapolis'] }), 'Move Legio 13 Ravenna → Rome → Neapolis (attack)');
  t.equal(jc.describe!(s, 'Caesar', { type: 'move', block: 'C-L13', path: ['Asculum'] }), 'Move Legio 13 Ravenna → Asculum');
  t.equal(jc.describe!(s, 'Caesar', { type: 'amphibious', block: 'C-L13', path: ['Hadriaticum', 'Brundisium'] }), 'Ship Legio 13 Ravenna → Hadriaticum → Brundisium (attack)');
  t.equal(jc.describe!(s, 'Caesar', { type: 'levy', block: 'C-L17', city: 'Ravenna' }), 'Levy Legio 17 in Ravenna');
  t.equal(jc.describe!(s, 'Caesar', { type: 'retreat', block: 'C-NAV2', to: 'Ravenna', sea: 'Hadriaticum' }), 'Retreat Navis 2 to Ravenna by sea (Hadriaticum)');
  t.equal(jc.describe!(s, 'Pompey', { type: 'hit', block: 'P-L1' }), 'Legio 1 takes the hit');
  t.equal(jc.describe!(s, 'Pompey', { type: 'battle', location: 'Rome' }), 'Fight the battle in Rome');
  t.equal(jc.describe!(s, 'Pompey', { type: 'done' }), 'Done');
  s = { ...s, step: 'command' } as State;
  t.equal(jc.describe!(s, 'Pompey', { type: 'done' }), 'End my command');
});

t.test('counts read right along random games: log entries, prompts and labels never say "(s)" or "1 hits"', async (t) => {
  const { texts, wrong } = miscountedAlong(jc as any, 6, (g) => jc.setup(testSeed(g + 40), { scenario: g % 3 === 2 ? 'free-deployment' : 'historical' }), (g) => picker(g + 900), ['Caesar', 'Pompey', null]);
  t.same(wrong.slice(0, 10), [], `${texts} texts`);
});
