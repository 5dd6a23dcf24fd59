// The turn headings of Julius Caesar's log ("— 705, turn 1 —", "— Winter 705 —"), read back as a
// heading's words with the Year as the rulebook writes it, "705 (49 BC), turn 1". The transcript,
// a replay's steps and the web's log group the log under them. No imports: the web client uses it
// as it is.

/** A Year as the rulebook writes it: the Roman year (AUC) and ours, "705 (49 BC)". */
export const yearText = (auc: number): string => `${auc} (${754 - auc} BC)`;

/** The heading's words when a log line is a turn heading, else null. */
export function logHeading(line: string): string | null {
  const m = /^— (.*) —$/.exec(line);
  return m ? m[1]!.replace(/\b7\d\d\b/, (y) => yearText(Number(y))) : null;
}

/**
 * The battle table's caption: the order the blocks act in (7.2), which a surprise battle (Mars,
 * Neptune: battle-order.ts slotOrder) turns round in its first round, the Attacker first.
 */
export function battleOrderCaption(surprise: boolean, round: number): string {
  return surprise && round === 1
    ? "The blocks in the order they act: a surprise battle (Mars or Neptune), so in Round 1 the Attacker fires first, all of its blocks before the Defender's; a row per initiative"
    : 'The blocks in the order they act: a row per initiative, the Defender first';
}
