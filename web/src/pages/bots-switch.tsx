// On an open public game's page, its creator's switch: may bot accounts take the free seat
// (PUT /v1/games/{id}/bots; chosen at creation, changed here while nobody has joined)?
import { useState } from 'preact/hooks';
import { api, problemText, type Game } from '../api';

/** Only for a game whose seat anyone may take from the lobby: public, offered to nobody, between people. */
export const takesBots = (game: Game) => game.status === 'open' && game.visibility === 'public' && !game.invitee && !game.bot && !game.computer;

export function BotsSwitch({ game, onChange }: { game: Game; onChange: (g: Game) => void }) {
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown as asked at once; put back as the game has it if the server refuses.
  const [shown, setShown] = useState(!!game.allowBots);
  async function toggle(allowed: boolean) {
    setShown(allowed);
    setBusy(true);
    const { data, error } = await api.PUT('/v1/games/{id}/bots', { params: { path: { id: game.id } }, body: { allowed } });
    setBusy(false);
    if (!data) {
      setShown(!!game.allowBots);
      return void setError(problemText(error));
    }
    setError(null);
    setStatus(data.allowed ? 'Bot accounts may now join.' : 'Only people may join.');
    const read = await api.GET('/v1/games/{id}', { params: { path: { id: game.id } } });
    if (read.data) onChange(read.data);
  }
  return (
    <p>
      <label class="inline">
        <input type="checkbox" checked={shown} disabled={busy} onChange={(e) => void toggle((e.currentTarget as HTMLInputElement).checked)} /> Bot accounts may
        join this game
      </label>{' '}
      {status && <span role="status">{status}</span>}
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}
