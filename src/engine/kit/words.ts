// Counted words in the texts a game writes (log entries, labels, prompts): "1 unit", "2 units",
// and a verb that agrees with its count, so no text reads "1 defender(s) go" or "1 hits".

/** The noun for `n` of it: `one`, or `many` (by default `one` + "s"; give it for "die"/"dice"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 unit", "2 units" (see plural). */
export function count(n: number, one: string, many?: string): string {
  return `${n} ${plural(n, one, many)}`;
}

/**
 * What a log entry written for one role alone shows everyone else: it keeps its place (so both
 * players and observers number the log alike and can quote an entry to each other), never its text.
 */
export function hiddenEntry(owner: string): string {
  return `An entry only ${owner} may see.`;
}
