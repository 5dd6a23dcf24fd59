// The games this service runs: the one list of them on the server's side. Each game's folder
// exports its definition (src/engine/definition.ts); everything else finds a game here, by id,
// and never names one. A third game is a folder and a line here (docs/adding-a-game.md).
import { definition as caesarsGallicWar } from './caesars-gallic-war/definition.js';
import type { GameDefinition } from './definition.js';
import { definition as juliusCaesar } from './julius-caesar/definition.js';
import type { GameModule } from './types.js';

/** Every game, in the order the API and the pages list them. */
export const DEFINITIONS: readonly GameDefinition[] = [juliusCaesar, caesarsGallicWar];

/** Each game's definition by its id. */
export const definitions: Readonly<Record<string, GameDefinition>> = Object.fromEntries(DEFINITIONS.map((d) => [d.module.id, d]));

/** Each game's rules by its id. */
export const games: Readonly<Record<string, GameModule>> = Object.fromEntries(DEFINITIONS.map((d) => [d.module.id, d.module]));

/** The definition of the game of that id, or undefined (an id from outside: never a prototype's member). */
export function definitionOf(id: string): GameDefinition | undefined {
  return Object.hasOwn(definitions, id) ? definitions[id] : undefined;
}
