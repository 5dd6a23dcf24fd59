// Julius Caesar (Columbia Games, rules v2.0): what the pages need of it (games/registry.ts), its
// words and choices from its definition (src/engine/julius-caesar/about.ts), its colours and board here.
import { about, logHeading, sealed } from './about';
import { fromAbout, type GameEntry } from '../entry';
import { Board } from './board';
import './theme.css';

export const juliusCaesar: GameEntry = {
  ...fromAbout(about),
  bot: null,
  Board,
  logHeading,
  sealed,
};
