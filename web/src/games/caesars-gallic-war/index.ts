// Caesar's Gallic War (2nd edition): what the pages need of it (games/registry.ts).
import type { GameEntry } from '../entry';
import { GallicWarBoard, logHeading } from './board';

export const caesarsGallicWar: GameEntry = {
  id: 'caesars-gallic-war',
  title: "Caesar's Gallic War",
  roles: ['Roman', 'Barbarian'],
  description: 'The conquest of Gaul, 58–51 BC: the Roman legions against the Gallic and German tribes, eight years of card plays, political actions, revolts, sieges and battles.',
  options: [
    { kind: 'flag', name: 'yearlyObjectives', title: 'Yearly Objectives (10)', short: 'Yearly Objectives', default: false },
    { kind: 'flag', name: 'historicalReinforcements', title: 'Historical Reinforcements (11)', short: 'Historical Reinforcements', default: false },
    { kind: 'flag', name: 'restrictedNaval', title: 'Restricted Naval Movement (11)', short: 'Restricted Naval Movement', default: false },
    { kind: 'flag', name: 'legionI', title: 'Legio I in the force pool (errata)', short: 'Legio I', default: true },
    { kind: 'flag', name: 'altCardValues', title: 'The older card values', short: 'the older card values', default: false },
  ],
  bot: { role: 'Roman', title: 'the rulebook bot', plays: 'the Barbarian, by the solitaire rules of the rulebook (12)' },
  Board: GallicWarBoard,
  logHeading,
};
