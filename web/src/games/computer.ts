// The computer opponent's levels as the new-game form offers them, named by what a move costs the
// computer (the server's src/ai/levels.ts; test/web/computer.test.ts checks that they agree).
import type { components } from '../generated/api';

export type ComputerLevel = components['schemas']['ComputerLevel'];

export const COMPUTER_LEVELS: readonly { id: ComputerLevel; title: string }[] = [
  { id: 'easy', title: 'Easy: plays by feel, trying 60 ways each move could go on (a third of a second a move)' },
  { id: 'normal', title: 'Normal: weighs 300 ways each move could go on (up to a second a move)' },
  { id: 'hard', title: 'Hard: weighs 1,500 ways each move could go on (up to 5 seconds a move)' },
];
