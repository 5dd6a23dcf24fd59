// Caesar's Gallic War's cards drawn as cards: the name, whether it is a tribe's card or an event
// (with what the event does, from the catalog), and its action value for each side (the game's own values, or the older ones if the game was
// created with them), the viewer's own value large. The hand: playable cards are buttons named by
// the play's label; the sealed play says only that a card is in until both are revealed.
import type { Act } from '../../board/actions';
import { sealed } from './about';
import { count } from '../../board/words';
import type { Catalog, View } from './types';

type CardData = Catalog['cards'][number];

/** The action a player announced with the card (5.2). */
const ACTIONS: Record<string, string> = { event: 'the event', supply: 'a Supply Action', activation: 'a Neutral Tribe Activation', political: 'a Political Action', movement: 'Movement' };

function values(c: CardData, alt: boolean): Record<string, number> {
  return (alt ? c.altValue : c.value) as Record<string, number>;
}

/**
 * A card's face. `inButton`: the face names a button by its own words (WCAG 2.5.3: the name holds
 * what it shows), "Play" before them and the values in words after them, both unseen.
 */
export function CardFace({ id, catalog, me, alt, inButton = false }: { id: string; catalog: Catalog | null; me: string | null; alt: boolean; inButton?: boolean }) {
  const c = catalog?.cards.find((x) => x.id === id);
  if (!c) return <span class="big">…</span>;
  const v = values(c, alt);
  const mine = me && v[me] !== undefined ? me : 'Roman';
  const theirs = mine === 'Roman' ? 'Barbarian' : 'Roman';
  return (
    <>
      {inButton && <span class="sr-only">Play </span>}
      <span class="kind">{c.kind === 'event' ? 'Event' : 'Tribe'} </span>
      <span class="title">{c.name} </span>
      {c.text && <span class="text">{c.text} </span>}
      <span class="value" {...(inButton ? {} : { 'aria-label': `value ${v[mine]} for the ${mine}, ${v[theirs]} for the ${theirs}` })}>
        <span class={`big side-${mine}`}>{v[mine]} </span>
        <span class={`small side-${theirs}`}>
          {theirs.charAt(0)} {v[theirs]}
        </span>
      </span>
      {inButton && <span class="sr-only"> (value {v[mine]} for the {mine}, {v[theirs]} for the {theirs})</span>}
    </>
  );
}

export function Hand({ view, me, actions, busy, onAct, catalog, label, alt, over = false }: { view: View; me: string | null; actions: Act[]; busy: boolean; onAct: (a: Act) => void; catalog: Catalog | null; label: (a: Act) => string; alt: boolean; over?: boolean }) {
  const opponent = me === 'Roman' ? 'Barbarian' : me === 'Barbarian' ? 'Roman' : null;
  const plays = actions.filter(sealed);
  const played = me ? view.cards[me] : undefined;
  const cardName = (id: string) => catalog?.cards.find((c) => c.id === id)?.name ?? 'a card';
  const both = !!(view.cards.Roman?.card && view.cards.Barbarian?.card);
  const revealed = both ? (['Roman', 'Barbarian'] as const) : [];
  return (
    <section class="panel" aria-labelledby="hand-title">
      <h2 id="hand-title">Cards</h2>
      {!over && played?.played && !both && <p role="status">You have played {played.card ? <strong>{cardName(played.card)}</strong> : 'a card'}; you may change it until both are revealed.</p>}
      {!over && opponent && view.cards[opponent]?.played && !view.cards[opponent]!.card && <p><strong>{opponent} has played a card.</strong></p>}
      {revealed.length === 2 && (
        <div class="plays" aria-label="Cards played">
          {revealed.map((side) => (
            <div key={side}>
              <div class={`side-${side}`}>{side}</div>
              <div class={`gcard cgw${catalog?.cards.find((c) => c.id === view.cards[side]!.card)?.kind === 'event' ? ' event' : ''}`} aria-label={`${side} played ${cardName(view.cards[side]!.card!)}`}>
                <CardFace id={view.cards[side]!.card!} catalog={catalog} me={side} alt={alt} />
              </div>
              {view.cards[side]!.action && <div class="muted">{ACTIONS[view.cards[side]!.action!] ?? view.cards[side]!.action}</div>}
            </div>
          ))}
        </div>
      )}
      {view.hand && (
        <>
          <h3>Your hand ({view.hand.length})</h3>
          {view.hand.length === 0 && <p class="muted">No cards.</p>}
          <div class="hand">
            {view.hand.map((id) => {
              const a = plays.find((x) => x.card === id);
              const chosen = played?.card === id;
              const kind = catalog?.cards.find((c) => c.id === id)?.kind;
              const cls = `gcard cgw${kind === 'event' ? ' event' : ''}${chosen ? ' chosen' : ''}`;
              return a ? (
                <button class={cls} disabled={busy || chosen} aria-pressed={chosen} title={label(a)} onClick={() => onAct(a)}>
                  <CardFace id={id} catalog={catalog} me={me} alt={alt} inButton />
                </button>
              ) : (
                <div class={cls} role="img" aria-label={cardName(id)}>
                  <CardFace id={id} catalog={catalog} me={me} alt={alt} />
                </div>
              );
            })}
          </div>
        </>
      )}
      {opponent && <p class="muted">{opponent} holds {count(view.handCount[opponent] ?? 0, 'card')}; {count(view.deckCount, 'card')} left in the deck.</p>}
    </section>
  );
}
