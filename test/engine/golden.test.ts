// Golden games: a fixed set of seeded games of every game module, played by seeded random players,
// must go through byte-identical states, views and legal actions from one commit to the next. It
// guards refactorings (a change of structure must not change one byte of what the engine does);
// a deliberate change of the rules changes the fixture, in the same commit, with the rule named:
//   GOLDEN_UPDATE=1 npx tap test/engine/golden.test.ts

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { games } from '../../src/engine/index.js';
import type { Action, GameModule, SetupOptions } from '../../src/engine/types.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

const FIXTURE = new URL('../fixtures/golden-games.json', import.meta.url);

interface Game {
  name: string;
  module: string;
  seed: number;
  options: SetupOptions;
  /** Prefer actions that fight and move (more battles, retreats and eliminations per game). */
  aggressive: boolean;
}

const CALM = new Set(['done', 'go', 'pass', 'retreat', 'retreat-all', 'decline']);

const GAMES: Game[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: `julius-caesar ${n}`, module: 'julius-caesar', seed: n, options: {}, aggressive: n % 2 === 0 })),
  { name: 'julius-caesar free deployment', module: 'julius-caesar', seed: 7, options: { scenario: 'free-deployment' }, aggressive: true },
  ...[1, 2, 3, 4].map((n) => ({ name: `caesars-gallic-war ${n}`, module: 'caesars-gallic-war', seed: n, options: {}, aggressive: n % 2 === 0 })),
  { name: 'caesars-gallic-war options', module: 'caesars-gallic-war', seed: 5, options: { yearlyObjectives: true, historicalReinforcements: true, restrictedNaval: true }, aggressive: true },
  { name: 'caesars-gallic-war old values', module: 'caesars-gallic-war', seed: 6, options: { legionI: false, altCardValues: true }, aggressive: false },
  ...[7, 8, 9].map((n) => ({ name: `caesars-gallic-war solitaire ${n}`, module: 'caesars-gallic-war', seed: n, options: { solitaire: true }, aggressive: n % 2 === 1 })),
  // The rules' first revision, which the games stored before revision 2 (CGW-84) replay under:
  // game 2's, whose states, legal lists and labels were those of the fixture before revisions.
  { name: 'caesars-gallic-war 2, revision 1', module: 'caesars-gallic-war', seed: 2, options: { revision: '1' }, aggressive: true },
];

/** Plays the game to its end; the digest covers every state and legal list, and views and labels often. */
function play(g: Game): { actions: number; digest: string; outcome: unknown } {
  const m: GameModule = games[g.module]!;
  const pick = chooser((g.seed + 1) * 2654435761);
  const h = createHash('sha256');
  let s = m.setup(testSeed(1000 + g.seed), g.options);
  let n = 0;
  for (; n < 20000; n++) {
    h.update(JSON.stringify(s));
    // Views and labels cost most: every third position covers each kind of step many times over.
    const full = n % 3 === 0;
    if (full) for (const viewer of [...m.roles, null]) h.update(JSON.stringify(m.view(s, viewer)));
    const pending = m.pending(s);
    h.update(JSON.stringify(pending));
    if (pending.length === 0) break;
    const role = pending[pick(pending.length)]!;
    const legal = m.legalActions(s, role);
    h.update(JSON.stringify(legal));
    if (full && m.describe) for (const a of legal) h.update(m.describe(s, role, a));
    let choice: Action[] = legal;
    if (g.aggressive && pick(4) > 0) {
      const keen = legal.filter((a) => !CALM.has(a.type));
      if (keen.length) choice = keen;
    }
    s = m.apply(s, role, choice[pick(choice.length)]!);
  }
  return { actions: n, digest: h.digest('hex'), outcome: m.outcome(s) };
}

const results = Object.fromEntries(GAMES.map((g) => [g.name, play(g)]));

if (process.env.GOLDEN_UPDATE) {
  writeFileSync(FIXTURE, JSON.stringify(results, null, 1) + '\n');
  t.pass(`wrote ${GAMES.length} golden games`);
} else {
  const golden = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof results;
  for (const g of GAMES) {
    t.test(g.name, async (t) => {
      t.ok(golden[g.name], 'the fixture has this game');
      t.same(results[g.name], golden[g.name], 'the same states, views, legal actions and labels, action by action');
    });
  }
}
