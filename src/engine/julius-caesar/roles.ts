// The two players (1.0). Cleopatra belongs to whichever of them she currently sides with.

export type Role = 'Caesar' | 'Pompey';

export const ROLES: Role[] = ['Caesar', 'Pompey'];

export function other(role: Role): Role {
  return role === 'Caesar' ? 'Pompey' : 'Caesar';
}

export function isRole(x: unknown): x is Role {
  return x === 'Caesar' || x === 'Pompey';
}
