// The human-readable game log. Each entry has a public text and, where the rules hide something
// from the opponent, a fuller text for the role that may see it. view() picks the right one.

import type { Role } from './roles.js';

export interface LogEntry {
  /** What both players (and observers) see; null if the event is secret altogether. */
  t: string | null;
  Roman?: string;
  Barbarian?: string;
}

export interface HasLog {
  log: LogEntry[];
}

export function logPublic(s: HasLog, text: string): void {
  s.log.push({ t: text });
}

/** An event whose details only `role` may see; `publicText` is what the others see (null: nothing). */
export function logSecret(s: HasLog, role: Role, secret: string, publicText: string | null): void {
  s.log.push(role === 'Roman' ? { t: publicText, Roman: secret } : { t: publicText, Barbarian: secret });
}
