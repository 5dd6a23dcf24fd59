// The engine's door: the games this service runs (games.ts, each a GameDefinition around its
// pure rules module) and the contract they honour.

export { RuleError } from './types.js';
export { MAX_ACTION_DEPTH, withinActionDepth } from './kit/actions.js';
export { endingOutcome } from './ending.js';
export { newGameSetup, storedGameSetup } from './kit/revisions.js';
export { DEFINITIONS, definitionOf, definitions, games } from './games.js';
export type { ComputerKnowledge } from './computer-knowledge.js';
export type { GameDefinition, ViewSummary } from './definition.js';
export type { Action, GameModule, OptionSpec, Outcome, SetupOptions, Json } from './types.js';
