// The belief hunt shared by the suite's test (belief-games.test.ts) and the benchmark's
// `--belief N` (bench/ai.ts): whole seeded games played by the rules of thumb with noise (moves
// like the computer's and the greedy player's, unlike uniform random ones, which rarely fight the
// battles or sieges a real game has), and at every decision of the role to move, that role's
// belief rebuilt from what it has seen (as decide() does) must be exact: its view and legal
// actions those of the input, with no entry forced through, and the cards it has not seen played
// the true ones (every card played is shown, however they are dealt).

import { games, type Action } from '../../src/engine/index.js';
import { rebuild, Sampler } from '../../src/search/belief.js';
import type { GameKnowledge } from '../../src/search/game-knowledge.js';
import { Observer } from '../../src/search/observer.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import { testSeed } from '../helpers/seeds.js';
import { unseenCards, type GameId } from './helpers.js';

export interface HuntResult {
  decisions: number;
  /** Calls the deadline paused (with `sliceMs`), resumed by the next call. */
  paused: number;
  /** One line per inexact decision (game, action, role, why). */
  inexact: string[];
  /** States the search would sample from each exact belief, every one checked (Sampler, checkEvery). */
  samples: number;
  /** One line per decision with a sample whose view or legal actions were not the input's. */
  badSamples: string[];
  /** Games played, and how many reached their end. */
  games: number;
  ended: number;
}

/**
 * How the hunt's players choose: by the rules of thumb (with noise), or by one ply of the
 * evaluation (the benchmark's greedy player, with the same noise): the greedy style plays the
 * longer waits and surprises a benchmark game has (a leader kept out of sight all winter), which
 * found a failure the rules of thumb's games never did.
 */
export type HuntStyle = 'thumb' | 'greedy';

/**
 * Plays `count` seeded games of `game` from `offset`, checking the belief at every decision. With
 * `sliceMs`, each decision's replay runs in calls of that many milliseconds, each one resuming the
 * replay the last one's deadline paused, until one finishes (as a busy machine would make it).
 */
export function huntBelief(game: GameId, count: number, offset = 0, sliceMs: number | null = null, maxActions = 3000, style: HuntStyle = 'thumb', samples = 4): HuntResult {
  const m = games[game]!;
  const know = knowledge[game] as GameKnowledge<unknown, unknown>;
  const out: HuntResult = { decisions: 0, paused: 0, inexact: [], samples: 0, badSamples: [], games: 0, ended: 0 };
  for (let g = offset; g < offset + count; g++) {
    const rng = createSearchRng(`belief hunt ${game} ${g}${style === 'thumb' ? '' : ` ${style}`}`);
    // The samples' own generator: the games' moves stay those the hunt has always played.
    const sampling = createSearchRng(`belief hunt samples ${game} ${g}`);
    let s: unknown = m.setup(testSeed(91_000 + g), game === 'julius-caesar' && g % 4 === 3 ? { scenario: 'free-deployment' } : {});
    const observers = Object.fromEntries(m.roles.map((r) => [r, new Observer(m as never, r, s)])) as Record<string, Observer<unknown, { log: string[] }>>;
    // One game's failures stop at its first few (the rest follow from the first).
    let failedHere = 0;
    for (let n = 0; n < maxActions; n++) {
      const pending = m.pending(s);
      if (pending.length === 0) {
        out.ended++;
        break;
      }
      const role = pending[n % pending.length]!;
      const legal = m.legalActions(s, role);
      if (legal.length > 1 && failedHere < 3) {
        out.decisions++;
        const input = observers[role]!.input(s);
        let r = rebuild(know, input, sliceMs === null ? null : performance.now() + sliceMs);
        while (r.outOfTime) {
          out.paused++;
          r = rebuild(know, input, performance.now() + sliceMs!);
        }
        if (!r.exact) {
          failedHere++;
          out.inexact.push(`game ${g} action ${n} ${role}: ${r.failure}`);
        } else if (unseenCards(game, r.state, role).join() !== unseenCards(game, s, role).join()) {
          // The view agrees, yet a card shown played is believed unplayed (two God cards that cancel
          // leave no card in view: only the log names them): a later entry would find no guess.
          failedHere++;
          out.inexact.push(`game ${g} action ${n} ${role}: the cards not yet seen played differ from the true ones`);
        }
        if (r.exact && samples > 0) {
          // The states the search samples from this belief (as decide() makes them), every one checked.
          const bare = know.belief.clone(r.state);
          know.belief.trimLog(bare);
          const sampler = new Sampler(know, bare, role, input.view, input.legal, { checkEvery: true });
          for (let k = 0; k < samples; k++) sampler.sample(sampling);
          out.samples += samples;
          if (sampler.rejected.count > 0) out.badSamples.push(`game ${g} action ${n} ${role}: ${sampler.rejected.count} of ${samples} samples differ in view or legal actions`);
        }
      }
      let a: Action = legal[0]!;
      if (legal.length > 1) {
        // The rules of thumb's best with noise, one time in eight any move.
        if (rng.int(8) === 0) a = legal[rng.int(legal.length)]!;
        else if (style === 'greedy') {
          let best = -Infinity;
          for (const x of legal) {
            let v: number;
            try {
              v = know.evaluate(m.apply(s, role, x), role);
            } catch {
              continue;
            }
            v += rng.float() * 0.05;
            if (v > best) {
              best = v;
              a = x;
            }
          }
        } else {
          const sc = know.prior(s, role, legal);
          let best = -Infinity;
          for (let i = 0; i < sc.length; i++) {
            const v = sc[i]! + rng.float() * 0.6;
            if (v > best) {
              best = v;
              a = legal[i]!;
            }
          }
        }
      }
      s = m.apply(s, role, a);
      for (const r of m.roles) observers[r]!.push(role, a, s);
    }
    out.games++;
  }
  return out;
}
