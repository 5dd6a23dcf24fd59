// Julius Caesar as the service reads it (src/engine/definition.ts): its rules, what an email says
// of a position, its log headings, its sealed choices (the card played and the card discarded,
// both face down) and its part of the API's contract (api.yaml beside this file).
import { sealedCardChoice, type GameDefinition } from '../definition.js';
import { about } from './about.js';
import { logHeading } from './headings.js';
import { juliusCaesar } from './index.js';
import type { State } from './state.js';
import { summary } from './summary.js';
import type { JCView } from './view.js';

export const definition: GameDefinition<State, JCView> = {
  about,
  module: juliusCaesar,
  summary,
  logHeading,
  sealed: sealedCardChoice(about.sealed),
  schemas: new URL('./api.yaml', import.meta.url),
};
