// The cards a player cannot see, for the computer's belief in each game
// (src/engine/<game>/computer/belief-hooks.ts): the deck, the opponent's hand, his sealed card
// and, in a game that has one, his face-down discard. The belief deals them again, exchanges them to agree with what a view shows, and puts a
// card the opponent has shown where he holds it. Both games keep these in the same members.

export interface CardHolders<R extends string> {
  deck: string[];
  hand: Record<R, string[]>;
  sealed: Record<R, string | null>;
}

export interface HiddenCards {
  /** Every card the opponent holds unseen, with the deck. */
  all(): Set<string>;
  /** Replaces cards wherever the viewer cannot see them (a permutation of them keeps the view). */
  rename(map: Map<string, string>): void;
  /** Deals them again among their places. */
  deal(shuffle: (cards: string[]) => string[]): void;
  /**
   * Makes the cards the viewer holds (`have`, as the rebuilt state has them) those his view shows
   * (`want`): each card he should hold but does not is taken from the hidden ones, in exchange
   * for one he holds but should not. False when that cannot be (the counts differ, or a wanted
   * card is not hidden).
   */
  exchangeOwn(want: ReadonlySet<string>, have: ReadonlySet<string>): boolean;
  /**
   * The opponent's card, once shown, put among the cards he holds (`holder`: his sealed card, or
   * his hand): exchanged with the first of them if it was dealt elsewhere. False if it is not hidden.
   */
  placeShown(shown: string, holder: readonly string[]): boolean;
}

/** The hidden cards of state `s` for the opponent `opp`'s adversary; `faceDown`: his face-down discards, if the game has them. */
export function hiddenCardsOf<R extends string>(s: CardHolders<R>, opp: R, faceDown?: Record<R, string | null>): HiddenCards {
  const all = (): Set<string> => {
    const out = new Set<string>([...s.deck, ...s.hand[opp]]);
    if (faceDown && faceDown[opp] !== null) out.add(faceDown[opp]!);
    if (s.sealed[opp] !== null) out.add(s.sealed[opp]!);
    return out;
  };
  const rename = (map: Map<string, string>): void => {
    const r = (c: string) => map.get(c) ?? c;
    s.deck = s.deck.map(r);
    s.hand[opp] = s.hand[opp].map(r);
    if (faceDown && faceDown[opp] !== null) faceDown[opp] = r(faceDown[opp]!);
    if (s.sealed[opp] !== null) s.sealed[opp] = r(s.sealed[opp]!);
  };
  return {
    all,
    rename,
    deal(shuffle) {
      const hidden = [...all()];
      const dealt = shuffle(hidden.slice());
      rename(new Map(hidden.map((c, k) => [c, dealt[k]!])));
    },
    exchangeOwn(want, have) {
      const missing = [...want].filter((c) => !have.has(c));
      const surplus = [...have].filter((c) => !want.has(c));
      if (missing.length !== surplus.length) return false;
      if (missing.length === 0) return true;
      const hidden = all();
      if (missing.some((c) => !hidden.has(c))) return false;
      rename(new Map(missing.map((c, k) => [c, surplus[k]!])));
      return true;
    },
    placeShown(shown, holder) {
      if (holder.includes(shown)) return true;
      if (!all().has(shown) || holder.length === 0) return false;
      const out = holder[0]!;
      rename(new Map([[shown, out], [out, shown]]));
      return true;
    },
  };
}
