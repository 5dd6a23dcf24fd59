// What the player may do, read from the game's legalActions only: which blocks can be selected,
// where each may go, which locations are targets by themselves, and a label for every action
// (the API's own `label` when it gives one; otherwise words made from the action's fields).
import type { Action } from '../api';

export type Act = Action & { block?: string; path?: string[]; to?: string; city?: string; location?: string; card?: string; blocks?: string[]; sea?: string; label?: string };

/** A human label for an action: the API's own (every legal action has one), else words made from its fields. */
export function labelOf(a: Act, name: (block: string) => string = (b) => b): string {
  if (typeof a.label === 'string' && a.label) return a.label;
  const parts = [a.type.charAt(0).toUpperCase() + a.type.slice(1)];
  if (a.card) parts.push(a.card);
  if (a.block) parts.push(name(a.block));
  if (a.blocks) parts.push(a.blocks.map(name).join(' and '));
  if (a.path) parts.push(`→ ${a.path.join(' → ')}`);
  if (a.to) parts.push(`→ ${a.to}${a.sea ? ` (by ${a.sea})` : ''}`);
  if (a.city) parts.push(a.type === 'levy' ? `at ${a.city}` : a.city);
  if (a.location) parts.push(a.location);
  return parts.join(' ');
}

/** The action without the fields the API adds for people (it is sent back as the engine listed it). */
export function bare(a: Act): Action {
  const { label: _label, ...rest } = a;
  return rest as Action;
}

/** Where an action of a block ends: the last location of its path, its destination, or its city. */
export function destination(a: Act): string | undefined {
  if (a.path?.length) return a.path[a.path.length - 1];
  return a.to ?? (a.block ? a.city : undefined);
}

/** Locations that are targets of an action without a block (Jupiter, Vulcan, battles...). */
export function locationTarget(a: Act): string | undefined {
  if (a.block) return undefined;
  return a.city ?? a.location;
}
