// The engine kit: game-agnostic pieces every game module uses (pure, no I/O).

export * from './actions.js';
export * from './copy.js';
export * from './dice.js';
export * from './module.js';
export * from './random.js';
export * from './steps.js';
export * from './table.js';
export * from './words.js';
