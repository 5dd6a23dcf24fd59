// The computer opponent's levels as the new-game form offers them, named by what a move costs the
// computer (the server's src/ai/levels.ts; test/web/computer.test.ts checks that they agree).
import type { components } from '../generated/api';

export type ComputerLevel = components['schemas']['ComputerLevel'];

export const COMPUTER_LEVELS: readonly { id: ComputerLevel; title: string }[] = [
  { id: 'easy', title: 'Easy: 60 playouts a move (at most 0.3 s)' },
  { id: 'normal', title: 'Normal: 300 playouts a move (at most 1 s)' },
  { id: 'hard', title: 'Hard: 1,500 playouts a move (at most 5 s)' },
];
