// The computer opponent's levels as the new-game form offers them, named by what a move costs the
// computer: the server's own list (src/search/levels.ts), taken as it is rather than copied.
import { LEVELS } from '../../../src/search/levels';
import type { components } from '../generated/api';

export type ComputerLevel = components['schemas']['ComputerLevel'];

export const COMPUTER_LEVELS: readonly { id: ComputerLevel; title: string }[] = LEVELS.map((l) => ({ id: l.id as ComputerLevel, title: l.title }));
