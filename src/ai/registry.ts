// The games the computer can play, each with the knowledge its engine folder supplies (checked
// here against the shape the search expects).

import * as caesarsGallicWarAi from '../engine/caesars-gallic-war/ai/index.js';
import type { State as CGWState } from '../engine/caesars-gallic-war/state.js';
import type { CGWView } from '../engine/caesars-gallic-war/view.js';
import * as juliusCaesarAi from '../engine/julius-caesar/ai/index.js';
import type { JCView } from '../engine/julius-caesar/view.js';
import type { State as JCState } from '../engine/julius-caesar/state.js';
import type { GameKnowledge } from './knowledge.js';
import { priorFrom } from './policy.js';

// Each game's rules of thumb become the search's prior here (the engine cannot import from src/ai/).
const { rules: jcRules, ...jcParts } = juliusCaesarAi;
const { rules: cgwRules, ...cgwParts } = caesarsGallicWarAi;
const jc: GameKnowledge<JCState, JCView> = { ...jcParts, prior: priorFrom(jcRules) };
const cgw: GameKnowledge<CGWState, CGWView> = { ...cgwParts, prior: priorFrom(cgwRules) };

export const knowledge: Record<string, GameKnowledge<unknown, unknown>> = {
  'julius-caesar': jc as unknown as GameKnowledge<unknown, unknown>,
  'caesars-gallic-war': cgw as unknown as GameKnowledge<unknown, unknown>,
};
