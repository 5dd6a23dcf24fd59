// The games the computer can play, each with the knowledge its engine folder supplies (checked
// here against the shape the search expects).

import { caesarsGallicWarAi } from '../engine/caesars-gallic-war/ai/index.js';
import type { State as CGWState } from '../engine/caesars-gallic-war/state.js';
import type { CGWView } from '../engine/caesars-gallic-war/view.js';
import { juliusCaesarAi } from '../engine/julius-caesar/ai/index.js';
import type { JCView } from '../engine/julius-caesar/view.js';
import type { State as JCState } from '../engine/julius-caesar/state.js';
import type { GameKnowledge } from './knowledge.js';

const jc: GameKnowledge<JCState, JCView> = juliusCaesarAi;
const cgw: GameKnowledge<CGWState, CGWView> = caesarsGallicWarAi;

export const knowledge: Record<string, GameKnowledge<unknown, unknown>> = {
  'julius-caesar': jc as unknown as GameKnowledge<unknown, unknown>,
  'caesars-gallic-war': cgw as unknown as GameKnowledge<unknown, unknown>,
};
