import { AuthForms } from './auth-forms';

/** `invite`: the game and code of the invite link the visitor opened signed out (its note is above the page). */
export function SignIn({ next, invite }: { next: string | null; invite: { id: string; code: string } | null }) {
  return (
    <main class="narrow">
      <h1>{invite ? 'Join the game on Alea' : 'Sign in to Alea'}</h1>
      {invite ? (
        <p>Create an account to join the game, or sign in if you have one.</p>
      ) : (
        next && next !== '/' && <p>Sign in or create an account; you will come back to the page you opened.</p>
      )}
      <AuthForms next={next} invite={invite} />
    </main>
  );
}
