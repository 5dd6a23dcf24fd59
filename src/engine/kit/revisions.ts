// Revisions of a module's rules (GameModule.revisions): a rule changed for new games only. A game
// keeps the revision it was created under in its stored options, and every replay of it (the
// service's, a record's check) sets it up under that one; the games stored before a module had
// revisions carry none and were played under its first.

import type { GameModule, SetupOptions } from '../types.js';

/** A new game's set-up options: under the module's last revision (none for a module without them). */
export function newGameSetup<O extends SetupOptions>(m: Pick<GameModule, 'revisions'>, options: O): O {
  const last = m.revisions?.[m.revisions.length - 1];
  return last === undefined ? options : { ...options, revision: last };
}

/** A stored game's set-up options: a game stored without a revision, under the module's first. */
export function storedGameSetup<O extends SetupOptions>(m: Pick<GameModule, 'revisions'>, options: O): O {
  const first = m.revisions?.[0];
  return first === undefined || options.revision !== undefined ? options : { ...options, revision: first };
}
