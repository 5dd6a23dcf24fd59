// Around the board, beside the log, for every game: the players' messages (live over the game's
// stream, shown as text, never HTML), the player's private notepad, and once the game is over a
// rematch with sides swapped (offer, withdraw; accept or decline one offered). Each panel reads
// its own endpoint; none of them knows anything of the game's hidden state.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, problemText, type Game, type GameSummary, type Schemas } from '../api';
import { BotMark } from '../names';
import { talk, unreadHere } from '../live';
import { playerSeed } from '../replay/seed';
import { navigate } from '../router';
import { me as session } from '../session';

type Message = Schemas['GameMessage'];

/** The panels; `me` is the viewer's role (null: watching). */
export function TableTalk({ game, me }: { game: Game; me: string | null }) {
  const over = game.status === 'finished';
  // Neither the bot nor the computer reads messages or takes a rematch.
  const againstBot = !!game.bot || !!game.computer;
  return (
    <>
      {!againstBot && (me || (over && game.visibility === 'public')) && <Messages game={game} me={me} />}
      {me && <Notes gameId={game.id} />}
      {me && over && !againstBot && <Rematch game={game} />}
    </>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

function Messages({ game, me }: { game: Game; me: string | null }) {
  const [items, setItems] = useState<Message[] | null>(null);
  const [earlier, setEarlier] = useState(false);
  const [allowed, setAllowed] = useState<{ canSend: boolean; reason: string | null }>({ canSend: false, reason: null });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [on, setOn] = useState<boolean | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const last = useRef(0);
  const told = talk.use();

  /** Adds messages, each once, in order. */
  const merge = (more: Message[]) =>
    setItems((cur) => {
      const bySeq = new Map((cur ?? []).map((m) => [m.seq, m]));
      for (const m of more) bySeq.set(m.seq, m);
      const all = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
      last.current = all[all.length - 1]?.seq ?? 0;
      return all;
    });

  // Shown in a tab nobody looks at (hidden), messages are not read: they stay unread (the next
  // email still brings them) and the tab's title counts them, until the tab is seen.
  const unseen = () => (document.hidden ? { markRead: false } : {});
  const counted = (n: number | null) => {
    if (me) unreadHere.set({ id: game.id, count: n ?? 0 });
  };

  /** The newest page at first, then whatever came after the last one shown. */
  async function catchUp(first: boolean) {
    let after = first ? undefined : last.current;
    for (let i = 0; i < 20; i++) {
      const { data, error } = await api.GET('/v1/games/{id}/messages', { params: { path: { id: game.id }, query: { ...(after !== undefined && { after }), ...unseen() } } });
      if (!data) return void setError(problemText(error));
      merge(data.items);
      if (first) setEarlier(data.earlier);
      setAllowed({ canSend: data.canSend, reason: data.reason });
      setError(null);
      counted(data.unreadMessages);
      if (!data.later || data.items.length === 0) return;
      after = data.items[data.items.length - 1]!.seq;
    }
  }
  async function older() {
    const before = items?.[0]?.seq;
    if (!before) return;
    const { data, error } = await api.GET('/v1/games/{id}/messages', { params: { path: { id: game.id }, query: { before, ...unseen() } } });
    if (!data) return void setError(problemText(error));
    merge(data.items);
    setEarlier(data.earlier);
  }

  useEffect(() => {
    setItems(null);
    last.current = 0;
    void catchUp(true);
    if (me) void api.GET('/v1/games/{id}/messages/settings', { params: { path: { id: game.id } } }).then(({ data }) => data && setOn(data.on));
  }, [game.id, me]);
  // The tab seen again: what it showed meanwhile is read now.
  useEffect(() => {
    if (!me) return;
    const seen = async () => {
      const waiting = unreadHere.get();
      if (document.hidden || waiting?.id !== game.id || waiting.count === 0 || last.current === 0) return;
      const { data } = await api.POST('/v1/games/{id}/messages/read', { params: { path: { id: game.id } }, body: { through: last.current } });
      if (data) counted(data.unreadMessages);
    };
    document.addEventListener('visibilitychange', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      unreadHere.set(null);
    };
  }, [game.id, me]);
  // A message written (the stream says so), or the game's state moved on (who may write can change).
  useEffect(() => {
    if (told?.id === game.id && told.kind === 'message' && items !== null) void catchUp(false);
  }, [told]);
  useEffect(() => {
    if (items !== null) void catchUp(false);
  }, [game.status]);
  // Kept scrolled to the newest message.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [items?.length]);

  async function send(e: Event) {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const { data, error } = await api.POST('/v1/games/{id}/messages', { params: { path: { id: game.id } }, body: { text } });
    setBusy(false);
    if (data) {
      merge([data]);
      setText('');
      setError(null);
    } else setError(problemText(error));
  }
  async function toggle() {
    const { data, error } = await api.PUT('/v1/games/{id}/messages/settings', { params: { path: { id: game.id } }, body: { on: !on } });
    if (data) {
      setOn(data.on);
      void catchUp(false);
    } else setError(problemText(error));
  }
  const myId = session.get()?.id;
  const opponent = game.players.find((p) => p.user.id !== myId);
  async function block() {
    if (!opponent || !confirm(`Block ${opponent.user.name}? Neither of you can then write to the other or invite the other to a game. Settings can lift it.`)) return;
    const { error } = await api.PUT('/v1/me/blocks/{userId}', { params: { path: { userId: opponent.user.id } } });
    if (error) setError(problemText(error));
    else {
      setItems(null);
      last.current = 0;
      void catchUp(true);
    }
  }

  return (
    <section class="panel messages" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages</h2>
      {earlier && (
        <button class="link" onClick={older}>
          Earlier messages
        </button>
      )}
      {items === null ? (
        <p class="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p class="muted">No message yet.</p>
      ) : (
        <ol class="message-list" ref={list} aria-label="Messages" aria-live="polite">
          {items.map((m) => (
            <li key={m.seq} class={m.author.id === myId ? 'mine' : ''}>
              <span class="message-head">
                <strong class={`side-${m.role}`}>{m.author.name}</strong>
                <BotMark bot={m.author.bot} /> <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </span>
              <span class="message-text">{m.text}</span>
            </li>
          ))}
        </ol>
      )}
      {me &&
        (allowed.canSend ? (
          <form onSubmit={send}>
            <label>
              Write to {opponent?.user.name ?? 'your opponent'}
              <textarea
                name="message"
                rows={2}
                maxLength={2000}
                value={text}
                onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) void send(e);
                }}
              />
            </label>
            <button type="submit" disabled={busy || !text.trim()}>
              Send
            </button>
          </form>
        ) : (
          allowed.reason && <p class="muted">{allowed.reason}</p>
        ))}
      {error && <p class="error" role="alert">{error}</p>}
      {me && on !== null && (
        <p class="message-settings">
          <button class="link" onClick={toggle}>
            {on ? 'Turn messages off for this game' : 'Turn messages on for this game'}
          </button>
          {opponent && (
            <>
              {' · '}
              <button class="link" onClick={block}>
                Block {opponent.user.name}
              </button>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** My notepad: only I read it (the server keeps it per player and game). Saved with the button or on leaving the box. */
function Notes({ gameId }: { gameId: string }) {
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    void api.GET('/v1/games/{id}/notes', { params: { path: { id: gameId } } }).then(({ data, error }) => {
      if (data) {
        setText(data.text);
        setSaved(data.text);
      } else setStatus(problemText(error));
    });
  }, [gameId]);
  async function save() {
    if (text === null || text === saved) return;
    const { data, error } = await api.PUT('/v1/games/{id}/notes', { params: { path: { id: gameId } }, body: { text } });
    if (data) {
      setSaved(data.text);
      setStatus('Saved.');
    } else setStatus(problemText(error));
  }
  return (
    <section class="panel notes">
      <details open={!!saved}>
        <summary>
          <h2 class="inline-heading">My notes</h2> <span class="muted">(only you read them)</span>
        </summary>
        {text === null ? (
          <p class="muted">{status ?? 'Loading…'}</p>
        ) : (
          <>
            <textarea
              aria-label="My notes"
              rows={6}
              maxLength={20000}
              value={text}
              onInput={(e) => {
                setText((e.currentTarget as HTMLTextAreaElement).value);
                setStatus(null);
              }}
              onBlur={() => void save()}
            />
            <button class="secondary" disabled={text === saved} onClick={() => void save()}>
              Save my notes
            </button>{' '}
            {status && <span role="status">{status}</span>}
          </>
        )}
      </details>
    </section>
  );
}

/** Once the game is over: offer a rematch (sides swapped, same options), or answer the one offered. */
function Rematch({ game }: { game: Game }) {
  const [rematch, setRematch] = useState<GameSummary | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const told = talk.use();
  // Found among my newest games (offered by me or to me), rather than by GET .../rematch, whose
  // 404 when none is offered would be an error in the console of every finished game's page. One
  // older than those is still found by offering: the server answers the one offered.
  async function load() {
    const { data } = await api.GET('/v1/games', { params: { query: { mine: true, limit: 50 } } });
    if (data) setRematch(data.items.find((g) => g.rematchOf === game.id) ?? null);
  }
  useEffect(() => void load(), [game.id]);
  useEffect(() => {
    if (told?.id === game.id && told.kind === 'rematch') void load();
  }, [told]);

  async function offer() {
    // Rated as this game was, with my own seed for the new game's dice.
    const { data, error } = await api.POST('/v1/games/{id}/rematch', { params: { path: { id: game.id } }, body: { rated: game.rated, playerSeed: playerSeed() } });
    if (data) setRematch(data);
    else setError(problemText(error));
  }
  async function accept(r: GameSummary) {
    const { data, error } = await api.POST('/v1/games/{id}/join', { params: { path: { id: r.id } }, body: { playerSeed: playerSeed() } });
    if (data) navigate(`/games/${r.id}`);
    else setError(problemText(error));
  }
  async function drop(r: GameSummary) {
    const { error } = await api.DELETE('/v1/games/{id}', { params: { path: { id: r.id } } });
    if (error) setError(problemText(error));
    else setRematch(null);
  }

  if (rematch === undefined) return null;
  const myId = session.get()?.id;
  const offeredToMe = rematch?.invitee?.id === myId;
  const offeredBy = rematch?.players[0]?.user.name;
  return (
    <section class="panel rematch" aria-labelledby="rematch-title">
      <h2 id="rematch-title">Rematch</h2>
      {rematch === null ? (
        <>
          <p class="muted">The same game again, with sides swapped and the same options{game.rated ? ', rated' : ''}.</p>
          <button onClick={offer}>Offer a rematch</button>
        </>
      ) : rematch.status !== 'open' ? (
        <p>
          <a href={`/games/${rematch.id}`}>The rematch, game #{rematch.number}</a>, has started.
        </p>
      ) : offeredToMe ? (
        <>
          <p>
            {offeredBy} offers a rematch: you would play <strong class={`side-${rematch.openRoles[0]}`}>{rematch.openRoles[0]}</strong>.
          </p>
          <button onClick={() => accept(rematch)}>Accept the rematch</button>{' '}
          <button class="secondary" onClick={() => drop(rematch)}>
            Decline
          </button>
        </>
      ) : (
        <>
          <p>
            You offered <a href={`/games/${rematch.id}`}>a rematch</a>; waiting for {rematch.invitee?.name ?? 'your opponent'} to accept.
          </p>
          <button class="secondary" onClick={() => drop(rematch)}>
            Withdraw the offer
          </button>
        </>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
