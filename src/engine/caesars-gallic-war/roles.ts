// The two players (1): the Roman and the Barbarian. Neutral tribes belong to neither.

import type { Side } from './data/blocks.js';

export type Role = Side;

export const ROLES: readonly Role[] = ['Roman', 'Barbarian'];

export function other(role: Role): Role {
  return role === 'Roman' ? 'Barbarian' : 'Roman';
}

export function isRole(x: unknown): x is Role {
  return x === 'Roman' || x === 'Barbarian';
}
