// The games this client knows, by the API's game id: the one place the pages (home, landing, a
// game) look a game up, so a new game is a new folder and a line here.
import type { GameId } from '../api';
import { caesarsGallicWar } from './caesars-gallic-war';
import type { GameEntry } from './entry';
import { juliusCaesar } from './julius-caesar';

export type { BoardProps, GameEntry, OptionField } from './entry';

export const GAMES: readonly GameEntry[] = [juliusCaesar, caesarsGallicWar];

const byId = new Map<string, GameEntry>(GAMES.map((g) => [g.id, g]));

/** The game of that id (undefined for a game this client does not know). */
export const gameEntry = (id: GameId | string): GameEntry | undefined => byId.get(id);

/** A game's options in words: the choices' short names and the flags that are on ("historical deployment"). */
export function optionsText(id: string, options: Record<string, string | boolean>): string {
  const entry = gameEntry(id);
  if (!entry) return '';
  const words: string[] = [];
  for (const o of entry.options) {
    const v = options[o.name];
    if (o.kind === 'choice') {
      const c = o.choices.find((x) => x.value === v);
      if (c) words.push(c.short);
    } else if (v === true) words.push(o.short);
  }
  return words.join(', ');
}
