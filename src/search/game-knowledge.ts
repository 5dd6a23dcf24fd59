// The games the computer can play: each registered game whose definition carries the computer's
// knowledge of it (GameDefinition.computer, from its folder src/engine/<game>/computer/), with its
// rules and its rules of thumb made the search's prior. No game is named here.

import type { ComputerKnowledge } from '../engine/computer-knowledge.js';
import { DEFINITIONS } from '../engine/games.js';
import type { Action, GameModule } from '../engine/index.js';
import { priorFrom } from './prior.js';

/** A game as the search uses it: its rules, the computer's knowledge of it, and its rules of thumb as a prior. */
export interface GameKnowledge<S, V> extends ComputerKnowledge<S, V> {
  module: GameModule<S, V>;
  /** The rules of thumb's scores of the legal actions (policy.ts). */
  prior(s: S, role: string, legal: readonly Action[]): number[];
}

export const knowledge: Readonly<Record<string, GameKnowledge<unknown, unknown>>> = Object.fromEntries(
  DEFINITIONS.flatMap((d) => (d.computer ? [[d.module.id, { ...d.computer, module: d.module, prior: priorFrom(d.computer.rules) }]] : [])),
);
