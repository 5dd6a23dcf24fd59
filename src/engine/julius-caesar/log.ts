// The human-readable game log. Each entry has a public text and, where the rules hide something
// from the opponent, a fuller text for the role that may see it. view() picks the right one.
// The entry's type lives with the state (state.ts), so the two files do not import each other.

import type { Role } from './roles.js';
import type { LogEntry, State } from './state.js';

export function logPublic(s: State, text: string): void {
  push(s, { t: text });
}

/** An event whose details only `role` may see; `publicText` is what the others see (null: nothing). */
export function logSecret(s: State, role: Role, secret: string, publicText: string | null): void {
  push(s, role === 'Caesar' ? { t: publicText, Caesar: secret } : { t: publicText, Pompey: secret });
}

/** Appends an entry. Only the last entry can still merge, so the one before loses its group (a smaller state). */
function push(s: State, entry: LogEntry): void {
  const last = s.log[s.log.length - 1];
  if (last?.group) {
    const { group: _, ...plain } = last;
    s.log[s.log.length - 1] = plain;
  }
  s.log.push(entry);
}

/** A strength as the block shows it: I to IV. */
export function roman(n: number): string {
  return ['0', 'I', 'II', 'III', 'IV'][n] ?? String(n);
}

export function blocksWord(n: number): string {
  return n === 1 ? 'a block' : `${n} blocks`;
}

/** A block's name in a move's line: a leader says so, so "Caesar moves Caesar (leader) Ravenna → Rome." reads. */
export function movingName(name: string, leader: boolean): string {
  return leader ? `${name} (leader)` : name;
}

/**
 * A block moving along a route: merged with the previous entry when it is the same player moving
 * along the same route, so the log reads "Caesar moves 3 blocks Ravenna → Rome".
 */
export function logMove(s: State, role: Role, verb: string, route: string, name: string, suffix = ''): void {
  const key = `${role}|${verb}|${route}|${suffix}`;
  const last = s.log[s.log.length - 1];
  const names = last?.group?.key === key ? [...last.group.names, name] : [name];
  const entry: LogEntry = {
    t: `${role} ${verb} ${blocksWord(names.length)} ${route}${suffix}.`,
    [role]: `${role} ${verb} ${names.join(', ')} ${route}${suffix}.`,
    group: { key, names },
  };
  // Entries are shared between states: replace the last one, never mutate it.
  if (names.length > 1) s.log[s.log.length - 1] = entry;
  else push(s, entry);
}
