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
