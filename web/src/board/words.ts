// Words as a player reads them: counts with the right plural, and the little helpers both boards
// use to turn a game's numbers into text.

/** "1 block", "2 blocks"; `many` for irregular plurals ("1 die", "2 dice"). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "A", "A and B", "A, B and C". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The first letter in capitals. */
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "+12", "−7", "±0": a rating change as rating sites show it. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}
