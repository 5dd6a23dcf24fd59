// The two moves of the belief's replay (belief.ts) over the opponent's hidden units, the same in
// every game: when no move explains an entry, alternatives with one hidden unit a step stronger or
// weaker, or two exchanged (around the places the entry's log names first), or one farther from
// its guessed strength; and, as a last resort, hidden units moved until every place holds as many
// as the view shows. What a unit is, where it stands and what may stand where is the game's (its
// HiddenUnits hooks, beside its engine).

import type { HiddenUnits } from '../engine/computer-knowledge.js';

/**
 * Alternatives to `s` for an entry whose new log lines are `lines` and view after it `view`: the
 * game's own guesses again of secret choices first, then strengths, then exchanges of identity;
 * each a private copy.
 */
export function* variants<S, V>(h: HiddenUnits<S, V>, clone: (s: S) => S, s: S, role: string, lines: readonly string[], view: V): Generator<S> {
  const text = lines.join('\n');
  const slots = h.slots(s, role);
  const focus = slots.filter((i) => text !== '' && h.named(s, i, text));
  const rest = slots.filter((i) => !focus.includes(i));
  yield* h.secrets(s, role, lines, slots, view);
  // A hidden unit a step stronger or weaker (its losses and levies or replacements were guessed),
  // then two units exchanged: around the places the lines name first, then anywhere.
  for (const i of [...focus, ...rest]) {
    for (const str of h.otherStrengths(s, i)) {
      const c = clone(s);
      h.setStrength(c, i, str);
      yield c;
    }
  }
  const pairs = function* (): Generator<[number, number]> {
    for (const i of focus) for (const j of slots) yield [i, j];
    for (let a = 0; a < rest.length; a++) for (let b = a + 1; b < rest.length; b++) yield [rest[a]!, rest[b]!];
  };
  for (const [i, j] of pairs()) {
    if (j === i || !h.exchangeable(s, i, j)) continue;
    const c = clone(s);
    h.exchange(c, i, j);
    yield c;
  }
  // Last, strengths farther from the guess, of the units where the lines point only (a unit first
  // seen there two steps from it): anywhere, a wrong guess would fit too often.
  for (const i of focus) {
    for (const str of h.fartherStrengths?.(s, i) ?? []) {
      const c = clone(s);
      h.setStrength(c, i, str);
      yield c;
    }
  }
}

/**
 * The opponent's hidden units moved between places until each place holds as many as the view
 * shows (the units a place has too many of go where some are missing, if they may stand there):
 * in place, best effort; the replay checks the view afterwards.
 */
export function resync<S, V>(h: HiddenUnits<S, V>, s: S, view: V, role: string): void {
  const want = h.wanted(view, role);
  const have = new Map<string, number[]>();
  for (const i of h.placed(s, role)) {
    const k = h.place(s, i);
    let l = have.get(k);
    if (!l) have.set(k, (l = []));
    l.push(i);
  }
  const surplus: number[] = [];
  for (const [k, units] of have) {
    const extra = units.length - (want.get(k) ?? 0);
    if (extra > 0) surplus.push(...units.slice(units.length - extra));
  }
  for (const [k, n] of want) {
    let missing = n - (have.get(k)?.length ?? 0);
    while (missing > 0) {
      const at = surplus.findIndex((i) => h.mayStand(i, k));
      if (at < 0) return;
      const i = surplus.splice(at, 1)[0]!;
      h.put(s, i, k, role);
      missing--;
    }
  }
}
