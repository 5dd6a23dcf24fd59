// A game's replay and record on its page (issue 27, "Replay"): step backward and forward entry by
// entry or turn by turn, with the board as it was drawn by the game's own board component; save the
// record (JSON) and the transcript; verify a finished game's dice. What a step shows is the API's
// position (GET /v1/games/{id}/positions/{n}): after the end the whole board, during a game only
// what this reader saw then. Turns are found in the record's log (the game's turn headings).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, problemText, type Game, type Schemas } from '../api';
import type { GameEntry } from '../games/entry';
import { downloadRecord, downloadTranscript } from './download';
import { VerifyDice } from './verify';

type GameRecord = Schemas['GameRecord'];
type Position = Schemas['Position'];

/** Under a started game's board: open the replay, save the record and transcript, verify the dice. */
export function GameRecordPanel({ game, onReplay }: { game: Game; onReplay: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const finished = game.status === 'finished';
  return (
    <section class="panel narrow record-panel" aria-labelledby="record-title">
      <h2 id="record-title">Replay and record</h2>
      <p class="muted">
        {finished
          ? 'The game is over: its replay shows the whole board, nothing hidden, and its record holds the seed of its dice.'
          : 'The replay shows each past position as you saw it then; the record holds what you may see. The seed of the dice is published when the game ends.'}
      </p>
      <p class="record-actions">
        <button class="secondary" onClick={onReplay}>
          Replay the game
        </button>
        <button class="secondary" onClick={async () => setError(await downloadRecord(game.id, game.number))}>
          Download the record (JSON)
        </button>
        <button class="secondary" onClick={async () => setError(await downloadTranscript(game.id, game.number))}>
          Download the transcript
        </button>
      </p>
      <p class="muted">
        Dice commitment: <code class="hex">{game.seedCommitment ?? 'none (a game created before dice commitments)'}</code>
        {game.seed && (
          <>
            <br />
            Seed: <code class="hex">{game.seed}</code>
          </>
        )}
      </p>
      {finished && game.seedCommitment && <VerifyDice id={game.id} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** Entries whose log opens a turn (the game's turn headings), in order. */
function turnStarts(record: GameRecord, heading: (line: string) => string | null): { seq: number; title: string }[] {
  const out: { seq: number; title: string }[] = [];
  for (const e of record.entries) {
    const h = e.log.map(heading).find((x) => x !== null);
    if (h) out.push({ seq: e.seq, title: h });
  }
  return out;
}

/** The replay: a bar of steps over the game's own board, drawn as it was after entry n. */
export function Replay({ game, entry, onClose }: { game: Game; entry: GameEntry; onClose: () => void }) {
  const [record, setRecord] = useState<GameRecord | null>(null);
  const [n, setN] = useState(1);
  const [pos, setPos] = useState<Position | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wanted = useRef(1);

  // The record gives the steps (and grows with a running game).
  useEffect(() => {
    void api.GET('/v1/games/{id}/record', { params: { path: { id: game.id } } }).then(({ data, error }) => {
      if (data) setRecord(data);
      else setError(problemText(error));
    });
  }, [game.id, game.version]);

  useEffect(() => {
    wanted.current = n;
    void api.GET('/v1/games/{id}/positions/{n}', { params: { path: { id: game.id, n } } }).then(({ data, error }) => {
      if (wanted.current !== n) return; // a later step was asked for meanwhile
      if (data) {
        setPos(data);
        setError(null);
      } else setError(problemText(error));
    });
  }, [game.id, n]);

  const last = record?.entries.length ?? 1;
  const turns = record ? turnStarts(record, entry.logHeading) : [];
  const go = (k: number) => setN(Math.max(1, Math.min(last, k)));
  const prevTurn = [...turns].reverse().find((x) => x.seq < n)?.seq ?? 1;
  const nextTurn = turns.find((x) => x.seq > n)?.seq ?? last;
  const turn = [...turns].reverse().find((x) => x.seq <= n)?.title ?? 'Before the first turn';
  const e = pos?.entry;
  const name = (role: string) => record?.players.find((p) => p.role === role)?.name;
  const held = (role: string) => name(role) ?? (record?.bot === role ? 'the bot' : record?.computer?.role === role ? 'the computer' : null);
  const who = !e ? '' : e.kind === 'start' ? 'The game starts' : `${e.role}${held(e.role) ? ` (${held(e.role)})` : ''}`;
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'ArrowLeft') go(n - 1);
    else if (ev.key === 'ArrowRight') go(n + 1);
    else return;
    ev.preventDefault();
  };

  // The game's own board, as it was: nothing to do in it (no legal actions, no controls).
  // After the end the whole board is shown (fullView); a player's own hand as their board shows it.
  const hands = (pos?.view as { hands?: Record<string, string[]> } | undefined)?.hands;
  const view = pos && pos.full && game.role && hands?.[game.role] ? { ...(pos.view as object), hand: hands[game.role] } : pos?.view;
  const shown: Game | null = pos && {
    ...game,
    view: view as Game['view'],
    legalActions: [],
    pending: [],
    version: pos.n,
    logLength: pos.logLength,
    // A past position of a running game: the game still runs (no rematch to offer), and no seat's
    // deadline is shown, the live one belonging to now, not to then (issue 41).
    status: game.status,
    players: game.players.map((p) => ({ ...p, pending: false, deadline: null })),
    deadline: null,
    outcome: pos.n === last && record?.result ? record.result : null,
  };
  return (
    <>
      <section class="panel replay-bar" aria-label="Replay" onKeyDown={onKey}>
        <div class="status-line">
          <strong>Replay</strong>
          <span aria-live="polite" data-testid="replay-step">
            Entry {n} of {last}
          </span>
          <span>{turn}</span>
          <span class="muted">{pos?.full ? 'The whole board: the game is over.' : 'As you saw it then.'}</span>
        </div>
        <div class="replay-steps">
          <button class="secondary" disabled={n <= 1} onClick={() => go(1)}>
            Start
          </button>
          <button class="secondary" disabled={n <= 1} onClick={() => go(prevTurn)}>
            Previous turn
          </button>
          <button class="secondary" disabled={n <= 1} onClick={() => go(n - 1)}>
            Previous entry
          </button>
          <button class="secondary" disabled={n >= last} onClick={() => go(n + 1)}>
            Next entry
          </button>
          <button class="secondary" disabled={n >= last} onClick={() => go(nextTurn)}>
            Next turn
          </button>
          <button class="secondary" disabled={n >= last} onClick={() => go(last)}>
            End
          </button>
          <button onClick={onClose}>Back to the game</button>
        </div>
        {e && (
          <div class="replay-entry" data-testid="replay-entry" data-n={e.seq}>
            <p>
              <strong>
                {e.seq}. {who}
              </strong>
            </p>
            <ul>
              {e.log.map((line) => (
                <li>{line}</li>
              ))}
              {e.note && <li>{e.note}</li>}
            </ul>
          </div>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
      {shown ? <entry.Board key={`replay-${game.id}`} game={shown} onGame={() => {}} reload={async () => {}} /> : <main><p class="loading">Loading the replay…</p></main>}
    </>
  );
}
