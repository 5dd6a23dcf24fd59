// Caesar's Gallic War (2nd edition): what the pages need of it (games/registry.ts), its words and
// choices from its definition (src/engine/caesars-gallic-war/about.ts), its colours, map frame,
// bot's words and board here.
import { about, logHeading, sealed } from './about';
import { fromAbout, type GameEntry } from '../entry';
import { GallicWarBoard } from './board';
import './theme.css';

export const caesarsGallicWar: GameEntry = {
  ...fromAbout(about),
  bot: { role: 'Roman', title: 'the rulebook bot', plays: 'the Barbarian, by the solitaire rules of the rulebook (12)' },
  Board: GallicWarBoard,
  logHeading,
  sealed,
};
