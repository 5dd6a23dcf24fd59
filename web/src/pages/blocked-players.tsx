// Settings: the players I block (from a game's page), each with a button that lifts the block.
// While blocked, neither of us writes to the other nor invites the other (src/app/blocks/).
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api';

export function BlockedPlayers() {
  const [blocks, setBlocks] = useState<Schemas['Block'][] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function load() {
    const { data, error } = await api.GET('/v1/me/blocks');
    if (data) setBlocks(data.items);
    setError(error ? problemText(error) : null);
  }
  useEffect(() => void load(), []);
  async function unblock(userId: string) {
    const { error } = await api.DELETE('/v1/me/blocks/{userId}', { params: { path: { userId } } });
    if (error) setError(problemText(error));
    else void load();
  }
  return (
    <section class="panel" aria-labelledby="blocks-title">
      <h2 id="blocks-title">Blocked players</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {blocks === null ? (
        <p class="muted">Loading…</p>
      ) : blocks.length === 0 ? (
        <p class="muted">You block nobody. A game's page can block its other player: then neither of you can write to the other or invite the other.</p>
      ) : (
        <ul class="games">
          {blocks.map((b) => (
            <li key={b.user.id}>
              {b.user.name}{' '}
              <button class="secondary" onClick={() => unblock(b.user.id)}>
                Unblock {b.user.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
