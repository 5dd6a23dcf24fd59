// Julius Caesar (Columbia Games, rules v2.0): what the pages need of it (games/registry.ts).
import type { GameEntry } from '../entry';
import { Board, logHeading } from './board';

export const juliusCaesar: GameEntry = {
  id: 'julius-caesar',
  title: 'Julius Caesar',
  roles: ['Caesar', 'Pompey'],
  description: 'The Roman civil war of 49–45 BC, for two players: Caesar against Pompey, five Years of sealed card plays, marches, levies and battles across the Mediterranean.',
  options: [
    {
      kind: 'choice',
      name: 'scenario',
      title: 'Scenario',
      choices: [
        { value: 'historical', title: 'Historical deployment (5.1)', short: 'historical deployment' },
        { value: 'free-deployment', title: 'Free deployment (5.3)', short: 'free deployment' },
      ],
      default: 'historical',
    },
  ],
  bot: null,
  Board,
  logHeading,
};
