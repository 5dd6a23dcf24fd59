// Challenges (/challenges, GET /v1/challenges): those made to me (accept, or decline with a reason)
// and those I made (withdraw), each with its terms and when it lapses; the answered ones below. It
// follows my event stream (`challenge`, `challengeCanceled`, `challengeDeclined`, and `game` for a
// challenge of mine accepted). The challenge form opens from another player's page
// (pages/player.tsx, POST /v1/challenges): the game, my side or random, the time per move, rated,
// the game's own options and a message.
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type GameId, type Role, type Schemas } from '../api';
import { BotMark, PlayerLink } from '../names';
import { GAMES, gameEntry, optionsText } from '../games/registry';
import { CHALLENGE_EVENTS, useMyEvents } from '../live';
import { playerSeed } from '../replay/seed';
import { navigate } from '../router';
import { me } from '../session';
import { Countdown } from '../time';
import { daysOf, DaysField, OptionFields, optionsOf, timeText } from './game-fields';
import { GameSelect } from './lobby';
import { Feedback } from './feedback';

type Challenge = Schemas['Challenge'];
type DeclineReason = Schemas['DeclineReason'];

/** Each reason a challenge may be declined for, in the words the challenger reads. */
export const DECLINE_REASONS: readonly { value: DeclineReason; text: string }[] = [
  { value: 'generic', text: "I'm not accepting challenges at the moment." },
  { value: 'later', text: 'This is not the right time for me: please ask again later.' },
  { value: 'timeControl', text: 'Not this time per move, please.' },
  { value: 'rated', text: 'Please send me a rated challenge instead.' },
  { value: 'casual', text: 'Please send me an unrated challenge instead.' },
  { value: 'game', text: "I'm not playing this game at the moment." },
  { value: 'side', text: 'Not this side, please.' },
  { value: 'options', text: 'Not with these options, please.' },
  { value: 'noBot', text: "I'm not accepting challenges from bots." },
  { value: 'onlyBot', text: "I'm only accepting challenges from bots." },
];
const reasonText = (r: DeclineReason | null) => DECLINE_REASONS.find((x) => x.value === r)?.text ?? DECLINE_REASONS[0]!.text;

/** The side each player takes, from the reader's side of the challenge. */
function sides(c: Challenge): string {
  const roles = gameEntry(c.game)?.roles ?? [];
  const other = roles.find((r) => r !== c.challengerRole) ?? 'the other side';
  const mine = c.direction === 'out' ? c.challengerRole : other;
  return `${c.direction === 'out' ? 'you play' : 'you would play'} ${mine}${c.randomRole ? ' (drawn at random)' : ''}`;
}

/** A challenge's terms in words: game, sides, time, rated, options. */
function Terms({ c }: { c: Challenge }) {
  const options = optionsText(c.game, c.options as Record<string, string | boolean>);
  return (
    <span>
      <strong>{c.title}</strong>: {sides(c)}, {timeText(c.daysPerMove)}, {c.rated ? 'rated' : 'unrated'}
      {options && `, ${options}`}
    </span>
  );
}

export function ChallengesPage() {
  const [items, setItems] = useState<Challenge[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  async function load() {
    const { data, error } = await api.GET('/v1/challenges', { params: { query: { limit: 100 } } });
    if (data) setItems(data.items);
    if (error) setError(problemText(error));
  }
  useEffect(() => void load(), []);
  useMyEvents(() => void load(), ['game', ...CHALLENGE_EVENTS]);

  async function accept(c: Challenge) {
    const { data, error } = await api.POST('/v1/challenges/{id}/accept', { params: { path: { id: c.id } }, body: { playerSeed: playerSeed() } });
    if (data) navigate(`/games/${data.id}`);
    else answered(error, '');
  }
  async function decline(c: Challenge, reason: DeclineReason) {
    const { error } = await api.POST('/v1/challenges/{id}/decline', { params: { path: { id: c.id } }, body: { reason } });
    answered(error, `You declined ${c.challenger.name}'s challenge.`);
  }
  async function cancel(c: Challenge) {
    if (!confirm(`Withdraw your challenge to ${c.challenged.name}?`)) return;
    const { error } = await api.POST('/v1/challenges/{id}/cancel', { params: { path: { id: c.id } } });
    answered(error, `Your challenge to ${c.challenged.name} is withdrawn.`);
  }
  function answered(err: unknown, message: string) {
    setError(err ? problemText(err) : null);
    setOk(err ? null : message);
    void load();
  }

  const open = (items ?? []).filter((c) => c.status === 'open');
  const incoming = open.filter((c) => c.direction === 'in');
  const outgoing = open.filter((c) => c.direction === 'out');
  const past = (items ?? []).filter((c) => c.status !== 'open');
  return (
    <main class="narrow">
      <h1>Challenges</h1>
      <p class="muted">
        A challenge offers one player a private game. To challenge someone, open their page (their name in a game, the lobby or a leaderboard) and use its
        Challenge button. An unanswered challenge lapses after 7 days.
      </p>
      <Feedback error={error} ok={ok} />
      <section class="panel" aria-labelledby="incoming-title">
        <h2 id="incoming-title">Challenges to me</h2>
        {items === null ? (
          <p class="muted">Loading…</p>
        ) : incoming.length === 0 ? (
          <p class="muted">Nobody is challenging you now.</p>
        ) : (
          <ul class="challenges">
            {incoming.map((c) => (
              <Incoming key={c.id} c={c} onAccept={() => accept(c)} onDecline={(r) => decline(c, r)} />
            ))}
          </ul>
        )}
      </section>
      <section class="panel" aria-labelledby="outgoing-title">
        <h2 id="outgoing-title">My challenges</h2>
        {items === null ? (
          <p class="muted">Loading…</p>
        ) : outgoing.length === 0 ? (
          <p class="muted">You are challenging nobody now.</p>
        ) : (
          <ul class="challenges">
            {outgoing.map((c) => (
              <li key={c.id}>
                <p>
                  To <PlayerLink user={c.challenged} />: <Terms c={c} />.
                </p>
                {c.message && <blockquote class="message-text">{c.message}</blockquote>}
                <p class="challenge-actions">
                  <span class="muted">
                    <Countdown deadline={c.expiresAt} /> for {c.challenged.name} to answer
                  </span>
                  <button class="secondary" onClick={() => cancel(c)}>
                    Withdraw my challenge to {c.challenged.name}
                  </button>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section class="panel" aria-labelledby="past-title">
          <h2 id="past-title">Answered and lapsed</h2>
          <ul class="challenges">
            {past.map((c) => (
              <li key={c.id}>
                <p>
                  {c.direction === 'in' ? (
                    <>
                      From <PlayerLink user={c.challenger} />
                    </>
                  ) : (
                    <>
                      To <PlayerLink user={c.challenged} />
                    </>
                  )}
                  : <Terms c={c} />.
                </p>
                <p class="muted">
                  <Outcome c={c} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function Outcome({ c }: { c: Challenge }) {
  const when = c.endedAt ? ` on ${new Date(c.endedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long' })}` : '';
  if (c.status === 'accepted')
    return (
      <>
        Accepted{when}. {c.gameId && <a href={`/games/${c.gameId}`}>Open the game</a>}
      </>
    );
  if (c.status === 'declined') return <>Declined{when}: “{reasonText(c.declineReason)}”</>;
  if (c.status === 'canceled') return <>Withdrawn{when}.</>;
  return <>Lapsed unanswered{when}.</>;
}

function Incoming({ c, onAccept, onDecline }: { c: Challenge; onAccept: () => void; onDecline: (r: DeclineReason) => void }) {
  const [reason, setReason] = useState<DeclineReason>('generic');
  const [busy, setBusy] = useState(false);
  const reasonId = `reason-${c.id}`;
  return (
    <li>
      <p>
        From <PlayerLink user={c.challenger} />: <Terms c={c} />.
      </p>
      {c.message && (
        <blockquote class="message-text" aria-label={`${c.challenger.name} says`}>
          {c.message}
        </blockquote>
      )}
      <p class="challenge-actions">
        <span class="muted">
          <Countdown deadline={c.expiresAt} /> to answer
        </span>
        <button
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onAccept();
          }}
        >
          Accept {c.challenger.name}'s challenge
        </button>
      </p>
      <form
        class="challenge-actions"
        onSubmit={(e) => {
          e.preventDefault();
          onDecline(reason);
        }}
      >
        <label for={reasonId}>Decline, saying</label>
        <select id={reasonId} onChange={(e) => setReason((e.currentTarget as HTMLSelectElement).value as DeclineReason)}>
          {DECLINE_REASONS.filter((r) => r.value !== (c.challenger.bot ? 'onlyBot' : 'noBot')).map((r) => (
            <option value={r.value} selected={r.value === reason}>
              {r.text}
            </option>
          ))}
        </select>
        <button type="submit" class="secondary">
          Decline
        </button>
      </form>
    </li>
  );
}

/** The form on a player's page: challenge them to a game (POST /v1/challenges), then see it on /challenges. */
export function ChallengeForm({ opponent, onClose }: { opponent: { name: string; handle: string; bot?: boolean }; onClose: () => void }) {
  const confirmed = me.use()?.emailConfirmed ?? false;
  const [gameId, setGameId] = useState<GameId>(GAMES[0]!.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = gameEntry(gameId)!;
  async function send(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const message = String(f.get('message') ?? '').trim();
    setBusy(true);
    const { data, error } = await api.POST('/v1/challenges', {
      body: {
        opponent: opponent.handle,
        game: gameId,
        role: f.get('role') as Role | 'random',
        daysPerMove: daysOf(f),
        rated: f.get('rated') === 'on',
        options: optionsOf(entry, f),
        ...(message && { message }),
        playerSeed: playerSeed(),
      },
    });
    setBusy(false);
    if (data) navigate('/challenges');
    else setError(problemText(error));
  }
  return (
    <section class="panel" aria-labelledby="challenge-title">
      <h2 id="challenge-title">
        Challenge {opponent.name}
        <BotMark bot={opponent.bot} />
      </h2>
      <p class="muted">
        {opponent.name} is offered a private game with these terms, by email and on their challenges page; the game starts when they accept. It lapses after
        7 days unanswered.
      </p>
      <form onSubmit={send}>
        <GameSelect label="Game" value={gameId} onChange={setGameId} />
        <label>
          My side
          <select name="role" key={gameId}>
            <option value="random">Random</option>
            {entry.roles.map((r) => (
              <option value={r}>{r}</option>
            ))}
          </select>
        </label>
        <DaysField label="Time per move (days)" />
        <label class="inline">
          <input type="checkbox" name="rated" disabled={!confirmed} /> Rated: the result changes both players' ratings
          {!confirmed && <span class="muted"> (confirm your email address first: rated games need one)</span>}
        </label>
        <OptionFields entry={entry} />
        <label>
          A message to {opponent.name} (optional)
          <textarea name="message" maxLength={500} rows={3} />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <p class="challenge-actions">
          <button type="submit" disabled={busy}>
            Send the challenge
          </button>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
        </p>
      </form>
    </section>
  );
}
