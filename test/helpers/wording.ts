// What a count written wrongly looks like in a game's texts (log, prompts, labels, refusals):
// "1 defender(s) go", "1 hits", "1 legal "move" actions". The engines count with kit/words.ts.

// Nouns the engines count; "1" then up to two words then one of these, in the plural, is wrong.
const PLURALS = ['hits', 'units', 'legions', 'defenders', 'groups', 'blocks', 'cards', 'steps', 'areas', 'actions', 'rounds', 'days', 'dice', 'points'];
const ONE_OF_MANY = new RegExp(`(?<![\\w.,])1 (?:[\\w"'-]+ ){0,2}(?:${PLURALS.join('|')})\\b`);

/** The first miscounted phrase in `text`, or null. */
export function miscounted(text: string): string | null {
  const paren = /\w+\(s\)/.exec(text);
  if (paren) return paren[0];
  const one = ONE_OF_MANY.exec(text);
  return one ? one[0] : null;
}

/**
 * Plays `games` random games of module `m` (each set up by `setup(g)`, actions chosen by
 * `chooser(g)`) and checks every prompt and label along them and every viewer's log at the end:
 * how many texts were read, and the miscounted ones (with where they were).
 */
export function miscountedAlong(
  m: { pending(s: unknown): string[]; legalActions(s: unknown, role: string): unknown[]; view(s: unknown, role: string | null): unknown; describe?(s: unknown, role: string, a: unknown): string; apply(s: unknown, role: string, a: unknown): unknown },
  games: number,
  setup: (g: number) => unknown,
  chooser: (g: number) => (n: number) => number,
  viewers: (string | null)[],
): { texts: number; wrong: string[] } {
  const wrong = new Set<string>();
  let texts = 0;
  const check = (where: string, text: string) => {
    texts++;
    const bad = miscounted(text);
    if (bad) wrong.add(`${where}: "${bad}" in "${text}"`);
  };
  for (let g = 0; g < games; g++) {
    const pick = chooser(g);
    let s = setup(g);
    for (let n = 0; n < 20000 && m.pending(s).length; n++) {
      const pending = m.pending(s);
      const role = pending[pick(pending.length)]!;
      const legal = m.legalActions(s, role);
      check('prompt', (m.view(s, role) as { prompt: string }).prompt);
      for (const a of legal) check('label', m.describe!(s, role, a));
      s = m.apply(s, role, legal[pick(legal.length)]!);
    }
    for (const viewer of viewers) for (const line of (m.view(s, viewer) as { log: string[] }).log) check(`game ${g} log`, line);
  }
  return { texts, wrong: [...wrong] };
}
