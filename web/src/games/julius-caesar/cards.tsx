// The hand and the sealed card play: my cards (playable ones are buttons), what each side has
// played (sealed: "has played a card", never which), the reveal and Player 1.
import type { Act } from '../../board/actions';
import { sealed } from './about';
import { count } from '../../board/words';
import type { Role, View } from './types';
import type { Catalog } from './catalog';

const other = (r: Role): Role => (r === 'Caesar' ? 'Pompey' : 'Caesar');

function cardText(id: string, catalog: Catalog | null): { big: string; small: string; god: boolean } {
  const c = catalog?.card(id);
  if (c?.god) return { big: c.god, small: c.text, god: true };
  if (c) return { big: `${c.move ?? ''}·${c.levy ?? ''}`, small: `Move ${c.move}, Levy ${c.levy}`, god: false };
  return { big: id, small: '', god: false };
}

export function CardFace({ id, catalog }: { id: string; catalog: Catalog | null }) {
  const t = cardText(id, catalog);
  return (
    <>
      <span class="muted">{id}</span>
      <span class="big">{t.big}</span>
      <span class={t.god ? 'text' : ''}>{t.small}</span>
    </>
  );
}

export function Cards({
  view,
  me,
  actions,
  busy,
  onAct,
  catalog,
  label,
  over = false,
}: {
  /** The game is over: no prompt, only what was played and held. */
  over?: boolean;
  view: View;
  me: Role | null;
  actions: Act[];
  busy: boolean;
  onAct: (a: Act) => void;
  catalog: Catalog | null;
  label: (a: Act) => string;
}) {
  const cardActions = actions.filter(sealed);
  const mine = me ? view.cards[me] : null;
  const theirs = me ? view.cards[other(me)] : null;
  const discarding = !over && view.phase === 'discard';
  const chosen = discarding ? view.discard : mine?.card ?? null;
  const revealed = !!(view.cards.Caesar.card && view.cards.Pompey.card) || (view.cards.Caesar.played && view.cards.Pompey.played && !!view.p1);
  return (
    <section class="panel" aria-labelledby="cards-title">
      <h2 id="cards-title">{discarding ? 'Discard one card, face down' : 'Cards'}</h2>
      {me && !over && (view.phase === 'card' || discarding) && (
        <p role="status">
          {chosen ? (
            <>
              You have {discarding ? 'discarded' : 'played'} <strong>{chosen}</strong>; you may change it until {other(me)}{' '}
              {discarding ? 'discards' : 'plays'}.
            </>
          ) : cardActions.length ? (
            <>Choose a card{discarding ? ' to discard' : ' to play'}.</>
          ) : null}{' '}
          {!discarding && theirs?.played && !theirs.card && <strong>{other(me)} has played a card.</strong>}
        </p>
      )}
      {(view.cards.Caesar.card || view.cards.Pompey.card) && view.phase !== 'card' && (
        <div class="plays" aria-label="Cards played this turn">
          {(['Caesar', 'Pompey'] as const).map((side) => {
            const p = view.cards[side];
            return (
              <div key={side}>
                <div class={`side-${side}`}>{side}</div>
                {p.card ? (
                  <div class="gcard" aria-label={`${side} played ${p.card}`}>
                    <CardFace id={p.card} catalog={catalog} />
                  </div>
                ) : (
                  <div class="gcard back">{p.played ? 'played' : 'none'}</div>
                )}
                {p.actsAs && p.actsAs !== p.card && <div class="muted">acts as {p.actsAs}</div>}
              </div>
            );
          })}
          {view.p1 && revealed && (
            <p>
              Player 1: <strong class={`side-${view.p1}`}>{view.p1}</strong>
            </p>
          )}
        </div>
      )}
      {view.hand && (
        <>
          <h3>Your hand ({view.hand.length})</h3>
          <div class="hand">
            {view.hand.map((id) => {
              const a = cardActions.find((x) => x.card === id);
              const t = cardText(id, catalog);
              const cls = `gcard${t.god ? ' god' : ''}${chosen === id ? ' chosen' : ''}`;
              return a ? (
                <button class={cls} disabled={busy || chosen === id} aria-pressed={chosen === id} title={label(a)} onClick={() => onAct(a)}>
                  <CardFace id={id} catalog={catalog} />
                  {chosen === id && <span class="sr-only">(chosen)</span>}
                </button>
              ) : (
                <div class={cls}>
                  <CardFace id={id} catalog={catalog} />
                  {chosen === id && <span class="sr-only">(chosen)</span>}
                </div>
              );
            })}
          </div>
        </>
      )}
      {me && (
        <p class="muted">
          {other(me)} holds {count(view.handCount[other(me)], 'card')}.
        </p>
      )}
    </section>
  );
}
