import { AuthForms } from './auth-forms';

export function SignIn({ next }: { next: string | null }) {
  return (
    <main class="narrow">
      <h1>Sign in to Alea</h1>
      {next && next !== '/' && <p>Sign in or create an account; you will come back to the page you opened.</p>}
      <AuthForms next={next} />
    </main>
  );
}
