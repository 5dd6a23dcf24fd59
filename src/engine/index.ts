// The games this service knows. Each is a pure module behind the GameModule contract.

import { caesarsGallicWar } from './caesars-gallic-war/index.js';
import { juliusCaesar } from './julius-caesar/index.js';
import type { GameModule } from './types.js';

export { RuleError } from './types.js';
export { MAX_ACTION_DEPTH, withinActionDepth } from './kit/actions.js';
export { endingOutcome } from './ending.js';
export type { Action, GameModule, OptionSpec, Outcome, SetupOptions, Json } from './types.js';

export const games: Record<string, GameModule> = {
  'julius-caesar': juliusCaesar,
  'caesars-gallic-war': caesarsGallicWar,
};
