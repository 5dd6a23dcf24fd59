// How a player picks an action on any game's map, the same on every board: select one of your
// blocks (its destinations light up), click a lit place to move there ("Which one?" when several
// of its moves end there), or click any other place to open it beside the map. A game may ask the
// player to confirm an action first (a force march, with its cost), and may let a place's own
// actions (a battle to fight there) be taken with a click when nothing is selected. Only
// legalActions are ever offered; a new version of the game clears what it made meaningless.
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../api';
import type { Act } from './actions';
import type { Acting } from './play';

export interface SelectionRules {
  /** Where an action of a block takes it on the map (undefined: nowhere, e.g. a disband). */
  destination(a: Act): string | undefined;
  /** The actions a click on a place takes at once when no block is selected (none: it opens). */
  direct?(place: string): Act[];
  /** Must the player confirm this action first (its sheet says why)? */
  confirm?(a: Act): boolean;
}

export interface Selection {
  /** The selected block, its actions, and where they end. */
  selected: string | null;
  blockActs: Act[];
  destinations: Set<string>;
  /** Where an action takes its block (the game's rule). */
  destinationOf(a: Act): string | undefined;
  /** The blocks that have an action (so can be selected). */
  selectable: Set<string>;
  /** Several actions end at the clicked place: which one? */
  choices: Act[] | null;
  /** A place opened beside the map. */
  place: string | null;
  /** An action waiting for the player's yes. */
  confirming: Act | null;
  /** Is a sheet open beside the map (choices, a confirmation, the selected block, a place)? */
  open: boolean;
  selectBlock(id: string): void;
  clickPlace(id: string): void;
  /** Takes an action (after its confirmation, if the game asks for one). */
  act(a: Act): void;
  /** Takes an action now (the confirmation's yes). */
  send(a: Act): void;
  cancelChoices(): void;
  closePlace(): void;
  cancelConfirm(): void;
}

export function useSelection(game: Game, acting: Acting, rules: SelectionRules): Selection {
  const actions = game.legalActions as Act[];
  const [selected, setSelected] = useState<string | null>(null);
  const [choices, setChoices] = useState<Act[] | null>(null);
  const [place, setPlace] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Act | null>(null);
  const selectable = new Set(actions.flatMap((a) => (typeof a.block === 'string' ? [a.block] : [])));

  // A new version may make the choices meaningless, and the selection too if that block has no action left.
  useEffect(() => {
    setChoices(null);
    setConfirming(null);
    setSelected((s) => (s && selectable.has(s) ? s : null));
  }, [game.version]);

  const blockActs = selected ? actions.filter((a) => a.block === selected) : [];
  const destinations = new Set(blockActs.flatMap((a) => rules.destination(a) ?? []));
  const clear = () => {
    setSelected(null);
    setChoices(null);
    setPlace(null);
    setConfirming(null);
  };
  const send = (a: Act) => void acting.act(a).then((ok) => ok && clear());
  const act = (a: Act) => {
    setChoices(null);
    if (rules.confirm?.(a)) return setConfirming(a);
    send(a);
  };
  const offer = (list: Act[]) => (list.length === 1 ? act(list[0]!) : setChoices(list));
  const clickPlace = (id: string) => {
    setChoices(null);
    setConfirming(null);
    const there = selected ? blockActs.filter((a) => rules.destination(a) === id) : (rules.direct?.(id) ?? []);
    if (there.length) return offer(there);
    setSelected(null);
    setPlace((p) => (p === id ? null : id));
  };
  const selectBlock = (id: string) => {
    setChoices(null);
    setConfirming(null);
    setPlace(null);
    setSelected((s) => (s === id || !selectable.has(id) ? null : id));
  };
  return {
    selected,
    blockActs,
    destinations,
    destinationOf: rules.destination,
    selectable,
    choices,
    place,
    confirming,
    open: !!(choices || confirming || selected || place),
    selectBlock,
    clickPlace,
    act,
    send,
    cancelChoices: () => setChoices(null),
    closePlace: () => setPlace(null),
    cancelConfirm: () => setConfirming(null),
  };
}
