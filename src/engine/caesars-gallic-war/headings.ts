// The turn headings of Caesar's Gallic War's log ("Turn 1 (58 BC) begins."), read back as a
// heading's words, "Turn 1 (58 BC)". The transcript, a replay's steps and the web's log group the
// log under them. No imports: the web client uses it as it is.

/** The heading's words when a log line is a turn heading, else null. */
export function logHeading(line: string): string | null {
  const m = /^(Turn \d+ \(\d+ BC\)) begins\.$/.exec(line);
  return m ? m[1]! : null;
}
