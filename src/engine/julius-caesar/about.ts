// Julius Caesar in words and choices (src/engine/definition.ts's About): no rules here, so the web
// client imports this file as it is. The module (index.ts) and the definition take these from it.
import type { About } from '../definition.js';
import { ROLES } from './roles.js';

export const about = {
  id: 'julius-caesar',
  title: 'Julius Caesar',
  roles: ROLES,
  description: 'The Roman civil war of 49–45 BC, for two players: Caesar against Pompey, five Years of sealed card plays, marches, levies and battles across the Mediterranean.',
  options: [
    {
      name: 'scenario',
      title: 'Scenario',
      values: ['historical', 'free-deployment'],
      choices: [
        { value: 'historical', title: 'Historical deployment (5.1)', short: 'historical deployment' },
        { value: 'free-deployment', title: 'Free deployment (5.3)', short: 'free deployment' },
      ],
      default: 'historical',
    },
  ],
  // The card of the turn and the discard at the start of a Year, both chosen face down.
  sealed: ['play', 'discard'],
  rules: { url: 'https://columbiagames.com/', by: 'Columbia Games, its publisher' },
} as const satisfies About;
