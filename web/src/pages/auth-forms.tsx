// Sign in, create an account, or ask for a password reset link. Inputs carry the standard
// autocomplete values so password managers fill and save them. Opened from an invite link, the
// form to create an account comes first (an invited friend rarely has one), and the new account
// joins the game at once.
import { useState } from 'preact/hooks';
import { api, problemText } from '../api';
import { playerSeed } from '../replay/seed';
import { navigate } from '../router';
import { signedIn } from '../session';

type Mode = 'signin' | 'register' | 'reset';

/**
 * Where to go after signing in: `next` if the browser reads it as a page of this site, else home.
 * Read as the browser reads it (`/\evil.example` is `//evil.example`, another site): navigating
 * there would be refused, leaving the person on the sign-in page.
 */
export function pageAfterSignIn(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/';
  try {
    const url = new URL(next, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

/** Joins the game of an invite link as the account just made, and opens it (its invitation if the join is refused). */
async function joinInvited(invite: { id: string; code: string }, next: string): Promise<void> {
  const { data } = await api.POST('/v1/games/{id}/join', { params: { path: { id: invite.id } }, body: { inviteCode: invite.code, playerSeed: playerSeed() } });
  navigate(data ? `/games/${encodeURIComponent(invite.id)}` : next, true);
}

export function AuthForms({ next, invite }: { next?: string | null; invite?: { id: string; code: string } | null }) {
  const [mode, setMode] = useState<Mode>(invite ? 'register' : 'signin');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = () => navigate(pageAfterSignIn(next), true);

  async function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const email = String(f.get('email') ?? '');
    const password = String(f.get('password') ?? '');
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      if (mode === 'reset') {
        const { error } = await api.POST('/v1/auth/password-reset', { body: { email } });
        if (error) setError(problemText(error));
        else setInfo('If an account has this address, a link to choose a new password is on its way (it works for an hour).');
        return;
      }
      const { data, error } =
        mode === 'signin'
          ? await api.POST('/v1/auth/login', { body: { email, password } })
          : await api.POST('/v1/auth/register', { body: { email, password, name: String(f.get('name') ?? '') } });
      if (!data) return setError(problemText(error, 'Could not sign in.'));
      signedIn(data.token, data.user);
      if (invite && mode === 'register') return await joinInvited(invite, pageAfterSignIn(next));
      go();
    } catch {
      setError('The server cannot be reached; try again.');
    } finally {
      setBusy(false);
    }
  }

  const tab = (m: Mode, label: string) => (
    <button type="button" role="tab" aria-selected={mode === m} onClick={() => (setMode(m), setError(null), setInfo(null))}>
      {label}
    </button>
  );
  return (
    <section class="panel" aria-labelledby="auth-title">
      <h2 id="auth-title">{mode === 'signin' ? 'Sign in' : mode === 'register' ? 'Create an account' : 'Forgot your password?'}</h2>
      <div class="tabs" role="tablist" aria-label="Account">
        {tab('signin', 'Sign in')}
        {tab('register', 'Create an account')}
      </div>
      <form onSubmit={submit} key={mode}>
        {mode === 'register' && (
          <label>
            Your name (other players see it)
            <input name="name" autocomplete="nickname" required maxLength={50} />
          </label>
        )}
        <label>
          Email
          <input name="email" type="email" autocomplete="email" required maxLength={254} />
        </label>
        {mode !== 'reset' && (
          <label>
            Password{mode === 'register' && ' (at least 10 characters)'}
            <input
              name="password"
              type="password"
              autocomplete={mode === 'signin' ? 'current-password' : 'new-password'}
              required
              minLength={mode === 'register' ? 10 : 1}
              maxLength={256}
            />
          </label>
        )}
        {error && <p class="error" role="alert">{error}</p>}
        {info && <p class="notice" role="status">{info}</p>}
        <p>
          <button type="submit" disabled={busy}>
            {mode === 'signin' ? 'Sign in' : mode === 'register' ? (invite ? 'Create my account and join' : 'Create my account') : 'Email me a link'}
          </button>{' '}
          {mode === 'signin' && (
            <button type="button" class="link" onClick={() => setMode('reset')}>
              Forgot your password?
            </button>
          )}
          {mode === 'reset' && (
            <button type="button" class="link" onClick={() => setMode('signin')}>
              Back to sign in
            </button>
          )}
        </p>
        {invite && mode === 'register' && (
          <p>
            Already have an account?{' '}
            <button type="button" class="link" onClick={() => (setMode('signin'), setError(null))}>
              Sign in instead
            </button>
          </p>
        )}
      </form>
    </section>
  );
}
