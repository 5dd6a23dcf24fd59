// Julius Caesar as the service reads it (src/engine/definition.ts): its rules, what an email says
// of a position, its log headings, its sealed choices (the card played and the card discarded,
// both face down), its part of the API's contract (api.yaml beside this file), and the computer
// opponent's knowledge of it (computer/knowledge.ts), which asks the same sealed choices which
// roles choose at once.
import { sealedCardChoice, type GameDefinition } from '../definition.js';
import { about } from './about.js';
import { computerKnowledge } from './computer/knowledge.js';
import { logHeading } from './headings.js';
import { juliusCaesar } from './index.js';
import type { State } from './state.js';
import { summary } from './summary.js';
import type { JCView } from './view.js';

const sealed = sealedCardChoice(about.sealed);

export const definition: GameDefinition<State, JCView> = {
  about,
  module: juliusCaesar,
  summary,
  logHeading,
  sealed,
  schemas: new URL('./api.yaml', import.meta.url),
  computer: computerKnowledge(sealed),
};
