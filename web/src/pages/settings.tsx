// Settings: name, email preference, per-game mute, blocked players, vacation, password, API
// tokens, webhooks, bot account, sign out (here / everywhere), my data (download it; delete the
// account).
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type GameSummary, type Schemas } from '../api';
import { navigate } from '../router';
import { me, signedIn, signOut, signOutHere } from '../session';
import { ApiTokens } from './api-tokens';
import { BlockedPlayers } from './blocked-players';
import { BotAccount } from './bot-account';
import { Webhooks } from './webhooks';
import { ConfirmEmailNotice } from './email-confirmation';
import { count } from '../board/words';

function Status({ ok, error }: { ok: string | null; error: string | null }) {
  return (
    <>
      {error && <p class="error" role="alert">{error}</p>}
      {ok && <p class="notice" role="status">{ok}</p>}
    </>
  );
}

export function SettingsPage() {
  const user = me.use()!;
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = (message: string, err: unknown, data?: Schemas['User']) => {
    if (data) me.set(data);
    setOk(err ? null : message);
    setError(err ? problemText(err) : null);
  };

  async function saveProfile(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const { data, error } = await api.PATCH('/v1/me', {
      body: { name: String(f.get('name')), notifications: { email: f.get('email') as Schemas['EmailPreference'] } },
    });
    done('Saved.', error, data);
  }
  async function vacation(days: number | null) {
    const { data, error } = await api.PATCH('/v1/me', { body: { vacation: days === null ? null : { days } } });
    done(days === null ? 'Your vacation is over.' : `Your vacation of ${count(days, 'day')} has started.`, error, data);
  }
  async function changePassword(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const { data, error } = await api.POST('/v1/me/password', {
      body: { currentPassword: String(f.get('current')), newPassword: String(f.get('new')) },
    });
    if (data) {
      signedIn(data.token, data.user);
      form.reset();
    }
    done('Your password is changed; other devices must sign in again.', error);
  }
  async function changeEmail(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const { data, error } = await api.POST('/v1/me/email', {
      body: { email: String(f.get('newEmail')), currentPassword: String(f.get('current')) },
    });
    if (data) form.reset();
    done(data ? `A link is on its way to ${data.pendingEmail}: your address changes when you open it.` : '', error, data);
  }
  async function download() {
    const { data, error } = await api.GET('/v1/me/export');
    if (data) {
      // A file the browser saves: the API's answer, as it came, under the name it gave.
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `alea-data-${data.exportedAt.slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    done('Your data is downloaded.', error);
  }
  async function deleteAccount(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    if (!confirm('Delete your account for good? Your games in progress are resigned, and this cannot be undone.')) return;
    const { error, response } = await api.POST('/v1/me/deletion', { body: { password: String(f.get('password')) } });
    if (response.status === 204) {
      signOut();
      navigate('/');
      return;
    }
    done('', error);
  }
  async function everywhere() {
    if (!confirm('Sign out on every device, this one too? Your personal API tokens are revoked too: bots and apps using them stop.')) return;
    await api.DELETE('/v1/me/tokens');
    signOut();
    navigate('/');
  }

  return (
    <main class="narrow">
      <h1>Settings</h1>
      <ConfirmEmailNotice />
      <Status ok={ok} error={error} />
      <section class="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile and emails</h2>
        <form onSubmit={saveProfile}>
          <label>
            Name
            <input name="name" autocomplete="nickname" required maxLength={50} value={user.name} />
          </label>
          <p class="muted">Email: {user.email}</p>
          <label>
            Emails about my games
            <select name="email">
              <option value="all" selected={user.notifications.email === 'all'}>All: moves, reveals, the opponent joining, results</option>
              <option value="moves" selected={user.notifications.email === 'moves'}>Only when I must act</option>
              <option value="digest" selected={user.notifications.email === 'digest'}>One summary a day (07:00 UTC)</option>
              <option value="none" selected={user.notifications.email === 'none'}>None</option>
            </select>
          </label>
          <button type="submit">Save</button>
        </form>
      </section>
      <GameMutes />
      <BlockedPlayers />
      <section class="panel" aria-labelledby="vacation-title">
        <h2 id="vacation-title">Vacation</h2>
        {user.vacation ? (
          <p>
            On vacation until {new Date(user.vacation.endsAt).toLocaleString()}: your deadlines wait for you.{' '}
            <button onClick={() => vacation(null)}>End my vacation</button>
          </p>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              vacation(Number(new FormData(e.currentTarget as HTMLFormElement).get('days')));
            }}
          >
            <p class="muted">Your deadlines wait while you are away. Days left this year: {user.vacationDaysLeft ?? 0}.</p>
            <label>
              Days
              <input name="days" type="number" min={1} max={Math.max(1, Math.min(21, user.vacationDaysLeft ?? 21))} value={7} required />
            </label>
            <button type="submit" disabled={(user.vacationDaysLeft ?? 0) < 1}>
              Start a vacation
            </button>
          </form>
        )}
      </section>
      <section class="panel" aria-labelledby="address-title">
        <h2 id="address-title">Email address</h2>
        <form onSubmit={changeEmail}>
          <p class="muted">
            Now: {user.email} ({user.emailConfirmed ? 'confirmed' : 'not confirmed yet'}). A new address is used once you open the link Alea sends
            it.
          </p>
          <label>
            New email address
            <input name="newEmail" type="email" autocomplete="email" required maxLength={254} />
          </label>
          <label>
            Current password
            <input name="current" type="password" autocomplete="current-password" required />
          </label>
          <button type="submit">Change my address</button>
        </form>
      </section>
      <section class="panel" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <form onSubmit={changePassword}>
          <input type="email" name="username" autocomplete="username" value={user.email} hidden readOnly />
          <label>
            Current password
            <input name="current" type="password" autocomplete="current-password" required />
          </label>
          <label>
            New password (at least 10 characters)
            <input name="new" type="password" autocomplete="new-password" minLength={10} maxLength={256} required />
          </label>
          <button type="submit">Change my password</button>
        </form>
      </section>
      <ApiTokens />
      <Webhooks />
      <BotAccount />
      <section class="panel" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p class="muted">Everything Alea holds about you (your account, preferences, games as you may see them, the emails it wrote you), as one JSON file.</p>
        <p>
          <button class="secondary" onClick={download}>
            Download my data
          </button>
        </p>
        <form onSubmit={deleteAccount}>
          <p class="muted">
            Deleting your account resigns your games in progress; finished games stay for your opponents, showing a deleted player. Your name and address
            are erased and Alea never writes to the address again.
          </p>
          <input type="email" name="username" autocomplete="username" value={user.email} hidden readOnly />
          <label>
            Password
            <input name="password" type="password" autocomplete="current-password" required />
          </label>
          <button type="submit">Delete my account</button>
        </form>
      </section>
      <section class="panel" aria-labelledby="signout-title">
        <h2 id="signout-title">Sign out</h2>
        <p class="muted">Signing out everywhere ends every session of yours and revokes your personal API tokens.</p>
        <p>
          <button class="secondary" onClick={() => signOutHere().finally(() => navigate('/'))}>
            Sign out on this device
          </button>{' '}
          <button onClick={everywhere}>Sign out everywhere</button>
        </p>
      </section>
    </main>
  );
}

function GameMutes() {
  const [games, setGames] = useState<{ game: GameSummary; email: boolean }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    (async () => {
      const { data } = await api.GET('/v1/games', { params: { query: { mine: true, status: 'active', limit: 50 } } });
      const items = data?.items ?? [];
      const states = await Promise.all(items.map((g) => api.GET('/v1/games/{id}/emails', { params: { path: { id: g.id } } })));
      setGames(items.map((game, i) => ({ game, email: states[i]?.data?.email ?? true })));
    })();
  }, []);
  async function toggle(id: string, email: boolean) {
    const { data, error } = await api.PUT('/v1/games/{id}/emails', { params: { path: { id } }, body: { email } });
    if (data) setGames((gs) => gs!.map((g) => (g.game.id === id ? { ...g, email: data.email } : g)));
    setError(error ? problemText(error) : null);
  }
  return (
    <section class="panel" aria-labelledby="mute-title">
      <h2 id="mute-title">Emails per game</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {games === null ? (
        <p class="muted">Loading…</p>
      ) : games.length === 0 ? (
        <p class="muted">No game in progress.</p>
      ) : (
        games.map(({ game, email }) => (
          <label class="inline" key={game.id}>
            <input type="checkbox" checked={email} onChange={(e) => toggle(game.id, (e.currentTarget as HTMLInputElement).checked)} /> Emails about #
            {game.number} ({game.role})
          </label>
        ))
      )}
    </section>
  );
}
