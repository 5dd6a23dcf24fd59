// Settings: personal API tokens (POST/GET /v1/me/api-tokens, DELETE /v1/me/api-tokens/{id}) for a
// bot, an app or a script: made with a name, scopes and an optional expiry, shown once, listed with
// when each was made and last used, revoked one by one. Signing out everywhere revokes them too.
import { useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api';
import { dateOnly, dateTime } from '../time';
import { ShownOnce } from './shown-once';
import { Feedback } from './feedback';
import { useMyItems } from './my-items';

type ApiToken = Schemas['ApiToken'];
type TokenScope = Schemas['ApiTokenRequest']['scopes'][number];

/** The scopes a personal token may have, in words (never `account`: only signing in gives that). */
export const TOKEN_SCOPES: readonly { value: TokenScope; title: string }[] = [
  { value: 'read', title: 'read: see my games, players, challenges and event streams' },
  { value: 'play', title: 'play: create, join and play games, challenges, resign' },
  { value: 'messages', title: "messages: write in my games' messages" },
];

/** How long a new token lasts: days, or none for until it is revoked. */
const EXPIRIES: readonly { days: number | null; title: string }[] = [
  { days: null, title: 'Never (until I revoke it)' },
  { days: 7, title: '7 days' },
  { days: 30, title: '30 days' },
  { days: 90, title: '90 days' },
  { days: 365, title: 'A year' },
];


export function ApiTokens() {
  const { items: tokens, error, setError, ok, setOk, busy, setBusy, load, deleted } = useMyItems<ApiToken>(() => api.GET('/v1/me/api-tokens'));
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);

  async function create(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const scopes = f.getAll('scope') as TokenScope[];
    if (scopes.length === 0) return void setError('Choose at least one scope.');
    const days = String(f.get('expiry'));
    setBusy(true);
    const { data, error } = await api.POST('/v1/me/api-tokens', {
      body: { name: String(f.get('name')).trim(), scopes, ...(days !== 'never' && { expiresAt: new Date(Date.now() + Number(days) * 86_400_000).toISOString() }) },
    });
    setBusy(false);
    setError(error ? problemText(error) : null);
    setOk(null);
    if (data) {
      setFresh({ name: data.name, token: data.token });
      form.reset();
      void load();
    }
  }
  async function revoke(t: ApiToken) {
    if (!confirm(`Revoke the token “${t.name}”? Whatever uses it stops working at once.`)) return;
    deleted(await api.DELETE('/v1/me/api-tokens/{id}', { params: { path: { id: t.id } } }), `The token “${t.name}” is revoked.`);
  }

  return (
    <section class="panel" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p class="muted">
        A personal API token lets a bot, an app or a script of yours use Alea's API (<a href="/docs">its documentation</a>) as you, within the scopes you
        give it. It can never change your password, your address, your tokens or your webhooks, nor delete your account. Signing out everywhere revokes
        every token too.
      </p>
      <Feedback error={error} ok={ok} />
      {fresh && (
        <ShownOnce
          label={`Your new token “${fresh.name}”`}
          value={fresh.token}
          warning="Copy it now and keep it secret: Alea keeps only a digest of it and cannot show it again."
          onDone={() => setFresh(null)}
        />
      )}
      {tokens === null ? (
        <p class="muted">Loading…</p>
      ) : tokens.length === 0 ? (
        <p class="muted">No token yet.</p>
      ) : (
        <ul class="items" aria-label="My API tokens">
          {tokens.map((t) => (
            <li key={t.id}>
              <div>
                <strong>{t.name}</strong>{' '}
                {t.scopes.map((s) => (
                  <span key={s} class="badge">
                    {s}
                  </span>
                ))}
              </div>
              <div class="muted">
                Made {dateOnly(t.createdAt)} · {t.lastUsedAt ? `last used ${dateTime(t.lastUsedAt)}` : 'never used'} ·{' '}
                {t.expiresAt ? `expires ${dateOnly(t.expiresAt)}` : 'never expires'}
              </div>
              <button class="secondary" onClick={() => revoke(t)}>
                Revoke “{t.name}”
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>New token</h3>
      <form onSubmit={create}>
        <label>
          Name (to recognise it by)
          <input name="name" required maxLength={100} placeholder="My Discord bot" />
        </label>
        <fieldset>
          <legend>Scopes</legend>
          {TOKEN_SCOPES.map((s) => (
            <label class="inline" key={s.value}>
              <input type="checkbox" name="scope" value={s.value} defaultChecked={s.value === 'read'} /> {s.title}
            </label>
          ))}
        </fieldset>
        <label>
          Expires
          <select name="expiry">
            {EXPIRIES.map((x) => (
              <option value={x.days === null ? 'never' : String(x.days)}>{x.title}</option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Make the token
        </button>
      </form>
    </section>
  );
}
