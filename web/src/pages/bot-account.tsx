// Settings: make this account a bot account (POST /v1/me/bot), once and before it has played, as
// Lichess has it; the consequences said before, and again in the confirmation.
import { useState } from 'preact/hooks';
import { api, problemText } from '../api';
import { me } from '../session';

const CONSEQUENCES =
  'A bot account is marked “bot” wherever its name shows. It plays only by challenge, in public games that allow bots, or against the computer; it never opens a game in the lobby nor seeks an opponent; it is ranked on the bots’ leaderboard, never the people’s. A program plays it with personal API tokens.';

export function BotAccount() {
  const user = me.use()!;
  const [error, setError] = useState<string | null>(null);
  async function declare() {
    if (!confirm(`Make ${user.name} a bot account for good? This cannot be undone.\n\n${CONSEQUENCES}`)) return;
    const { data, error } = await api.POST('/v1/me/bot');
    if (data) me.set(data);
    setError(error ? problemText(error) : null);
  }
  return (
    <section class="panel" aria-labelledby="bot-title">
      <h2 id="bot-title">Bot account</h2>
      {user.bot ? (
        <p>
          This is a bot account: it is marked “bot” wherever its name shows, plays by challenge, in public games that allow bots and against the computer,
          and is ranked on the bots’ leaderboard.
        </p>
      ) : (
        <>
          <p class="muted">
            For a program that plays on Alea (see docs/bots.md and examples/bot in Alea's source). An account may become a bot once, before it has played
            any game, and never becomes a person's again. {CONSEQUENCES}
          </p>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button class="secondary" onClick={declare}>
            Make this a bot account
          </button>
        </>
      )}
    </section>
  );
}
