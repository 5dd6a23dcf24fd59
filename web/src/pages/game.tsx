// A game: the invite/join screen while it is open, then the board. Everything the player can do
// comes from the game's legalActions; the page shows the server's filtered view and keeps nothing
// else. Live: the game's event stream says when the version changes, and the page reads its view.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, problemText, type Game } from '../api';
import { gameEntry, optionsText } from '../games/registry';
import { myMove } from '../board/play';
import { count } from '../board/words';
import { unreadHere, useGameEvents } from '../live';
import { waitingPrefix } from '../title';
import { BotsSwitch, takesBots } from './bots-switch';
import { navigate } from '../router';
import { GameRecordPanel, Replay } from '../replay/replay';
import { playerSeed } from '../replay/seed';

export function GamePage({ id, invite }: { id: string; invite: string | null }) {
  const [game, setGame] = useState<Game | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const [replaying, setReplaying] = useState(false);

  const load = useCallback(async () => {
    const { data, error, response } = await api.GET('/v1/games/{id}', {
      params: { path: { id }, query: invite ? { invite } : {} },
    });
    if (data) {
      // Only ever move forward: an answer to an older request must not undo a newer one.
      setGame((g) => (g && g.id === data.id && g.version > data.version ? g : data));
      setError(null);
    } else if (response.status === 404) setGone(true);
    else setError(problemText(error));
  }, [id, invite]);

  useEffect(() => {
    setGame(null);
    setGone(false);
    setReplaying(false);
    void load();
  }, [load]);
  // The tab's title says when it is my move, and how many messages came unread while the tab was
  // hidden, so a player with many tabs sees it.
  const mine = !!game && myMove(game);
  const unread = unreadHere.use();
  const messages = unread?.id === id ? unread.count : 0;
  useEffect(() => {
    document.title = game ? `${waitingPrefix(mine ? 1 : 0, messages)}#${game.number} ${game.title} · Alea` : 'Game · Alea';
  }, [game?.number, game?.title, mine, messages]);
  // One read at a time: a version announced while a read is under way asks for one more read
  // after it, however many were announced. A fast opponent (the computer, several moves in a
  // row) then costs two reads and two renders of the board, not one per move.
  const reading = useRef(false);
  const again = useRef(false);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const follow = useCallback(() => {
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = true;
    void (async () => {
      try {
        do {
          again.current = false;
          await latestLoad.current();
        } while (again.current);
      } finally {
        reading.current = false;
      }
    })();
  }, []);
  useGameEvents(
    id,
    // A private game's stream is for its players only: an invited visitor listens once seated.
    game && (game.role || game.visibility === 'public') ? `${game.status}/${game.role}` : '',
    (version) => {
      setGame((g) => {
        if (!g || version > g.version) follow();
        return g;
      });
    },
    () => setGone(true),
  );

  if (gone) {
    return (
      <main class="narrow">
        <h1>No such game</h1>
        <p>This game does not exist, was cancelled, or is private. If a friend invited you, open the exact link they sent.</p>
        <p><a href="/">Back to my games</a></p>
      </main>
    );
  }
  if (!game) return <main>{error ? <p class="error" role="alert">{error}</p> : <p class="loading">Loading the game…</p>}</main>;
  if (game.status === 'open') return <OpenGame game={game} invite={invite} onChange={setGame} />;
  const onGame = (g: Game) => setGame((cur) => (cur && cur.version > g.version ? cur : g));
  const entry = gameEntry(game.game);
  if (!entry) return <main><p class="error" role="alert">This client cannot show a game of {game.title}.</p></main>;
  if (replaying) return <Replay game={game} entry={entry} onClose={() => setReplaying(false)} />;
  return (
    <>
      <entry.Board game={game} onGame={onGame} reload={load} onReplay={() => setReplaying(true)} />
      <GameRecordPanel game={game} onReplay={() => setReplaying(true)} />
    </>
  );
}

function OpenGame({ game, invite, onChange }: { game: Game; invite: string | null; onChange: (g: Game) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  async function join() {
    const { data, error } = await api.POST('/v1/games/{id}/join', {
      params: { path: { id: game.id } },
      body: { ...(invite ? { inviteCode: invite } : {}), playerSeed: playerSeed() },
    });
    if (data) {
      // Seated: the invite link's code has done its work; the address is the game's own (issue 41).
      if (invite) history.replaceState(history.state, '', `/games/${game.id}`);
      onChange(data);
    } else setError(problemText(error));
  }
  async function cancel() {
    if (!confirm(game.invitee && !game.role ? 'Decline this game?' : 'Cancel this game? Its invite link stops working.')) return;
    const { error } = await api.DELETE('/v1/games/{id}', { params: { path: { id: game.id } } });
    if (error) setError(problemText(error));
    else navigate('/');
  }
  const creator = game.players[0];
  const entry = gameEntry(game.game);
  return (
    <main class="narrow">
      <h1>
        Game #{game.number}: {game.title}
      </h1>
      <p>
        {capital(optionsText(game.game, game.options) || 'no optional rules')},{' '}
        {game.daysPerMove ? `${count(game.daysPerMove, 'day')} per move` : 'no time limit'}, {game.visibility}.
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      {game.role ? (
        <section class="panel">
          <h2>Waiting for an opponent</h2>
          <p>
            You play <strong class={`side-${game.role}`}>{game.role}</strong>. The game starts when{' '}
            {game.invitee ? `${game.invitee.name} accepts.` : game.visibility === 'public' ? 'someone joins from the lobby.' : 'someone joins.'}
          </p>
          {game.invite && (
            <>
              <label>
                Invite link: send it to your opponent
                <input readOnly value={game.invite.url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
              </label>
              <button
                class="secondary"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(game.invite!.url);
                    setCopied(true);
                  } catch {
                    setCopied(false);
                  }
                }}
              >
                Copy the link
              </button>{' '}
              {copied && <span role="status">Copied.</span>}
            </>
          )}
          {takesBots(game) && <BotsSwitch game={game} onChange={onChange} />}
          <p>
            <button class="secondary" onClick={cancel}>
              Cancel this game
            </button>
          </p>
        </section>
      ) : (
        <section class="panel">
          <h2>{creator ? `${creator.user.name} invites you to a game of ${game.title}` : `An open game of ${game.title}`}</h2>
          {entry && <p class="muted">{entry.description}</p>}
          <p>
            {creator && (
              <>
                {creator.user.name} plays <span class={`side-${creator.role}`}>{creator.role}</span>
                {game.openRoles.length === 1 && (
                  <>
                    ; you would play <span class={`side-${game.openRoles[0]}`}>{game.openRoles[0]}</span>
                  </>
                )}
                .
              </>
            )}
          </p>
          {game.rematchOf && <p>A rematch of <a href={`/games/${game.rematchOf}`}>your last game together</a>, sides swapped.</p>}
          {game.openRoles.map((role) => (
            <button key={role} onClick={join}>
              {game.rematchOf ? `Accept: play ${role}` : `Join as ${role}`}
            </button>
          ))}
          {game.invitee && (
            <>
              {' '}
              <button class="secondary" onClick={cancel}>
                Decline
              </button>
            </>
          )}
        </section>
      )}
    </main>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
