// Confirmed addresses in the client: the page an emailed confirmation link opens
// (/verify-email?token=...; it works signed out too), and the notice on the home and settings
// pages while the address is not confirmed, which says why no emails come and offers the link again.
import { useEffect, useState } from 'preact/hooks';
import { api, auth, problemText } from '../api';
import { loadMe, me } from '../session';

/** Shown while my address (or the one I asked to change to) waits for its confirmation. */
export function ConfirmEmailNotice() {
  const user = me.use();
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || (user.emailConfirmed && !user.pendingEmail)) return null;
  async function resend() {
    setBusy(true);
    setOk(null);
    setError(null);
    try {
      const { error } = await api.POST('/v1/me/email-confirmation');
      if (error) setError(problemText(error));
      else setOk('A new link is on its way: it works for 48 hours.');
    } catch {
      setError('The server cannot be reached; try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section class="notice" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{user.pendingEmail ? 'Confirm your new email address' : 'Confirm your email address'}</h2>
      {user.pendingEmail ? (
        <p>
          We sent a link to <strong>{user.pendingEmail}</strong>. It replaces {user.email} when you open it; until then Alea keeps writing to{' '}
          {user.email}.
        </p>
      ) : (
        <p>
          We sent a link to <strong>{user.email}</strong>. Until you open it, Alea sends you no emails: no "your move", no reminders, no
          results (anyone may type any address, so Alea writes only to one its owner confirmed). You can play meanwhile.
        </p>
      )}
      <p>
        <button type="button" class="secondary" onClick={resend} disabled={busy}>
          Send the link again
        </button>
      </p>
      {ok && <p role="status">{ok}</p>}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}

/** The page of an emailed link: confirms the address with the link's token. */
export function VerifyEmailPage({ token }: { token: string | null }) {
  const user = me.use();
  const [state, setState] = useState<{ done: true; email: string } | { done: false; error: string } | null>(null);
  useEffect(() => {
    // The token leaves the address bar (and the history) at once: it is a secret until used.
    history.replaceState(null, '', '/verify-email');
    if (!token) return void setState({ done: false, error: 'This link has no token: open the link of the email as it is.' });
    (async () => {
      try {
        const { data, error } = await api.POST('/v1/auth/email-confirmation', { body: { token } });
        if (!data) return setState({ done: false, error: problemText(error, 'This link does not work.') });
        setState({ done: true, email: data.email });
        if (auth.token()) await loadMe();
      } catch {
        setState({ done: false, error: 'The server cannot be reached; open the link again.' });
      }
    })();
  }, []);
  return (
    <main class="narrow">
      <h1>Your email address</h1>
      {state === null ? (
        <p class="loading">Confirming…</p>
      ) : state.done ? (
        <p role="status">
          <strong>{state.email}</strong> is confirmed: Alea will email you when it is your move.
        </p>
      ) : (
        <p class="error" role="alert">
          {state.error}
        </p>
      )}
      <p>
        <a href="/">{user ? 'Back to my games' : "Alea's home page"}</a>
      </p>
    </main>
  );
}
