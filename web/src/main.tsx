// The web client: one page per route, drawn with Preact.
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { whenUnauthorized } from './api';
import { ChallengesPage } from './pages/challenges';
import { VerifyEmailPage } from './pages/email-confirmation';
import { GamePage } from './pages/game';
import { Home } from './pages/home';
import { InviteNote, inviteOf } from './pages/invitation';
import { GAMES } from './games/registry';
import { Landing } from './pages/landing';
import { LeaderboardPage } from './pages/leaderboard';
import { PlayerPage } from './pages/player';
import { SettingsPage } from './pages/settings';
import { SignIn } from './pages/signin';
import { VerifyPage } from './replay/verify';
import { here, navigate, useRoute } from './router';
import { loadMe, me, signOut } from './session';

whenUnauthorized(() => {
  signOut();
  if (location.pathname !== '/signin') navigate(`/signin?next=${encodeURIComponent(here())}`, true);
});

function TopBar() {
  const user = me.use();
  return (
    <header class="topbar">
      <a class="brand" href="/">Alea</a>
      <nav aria-label="Main">
        {user ? (
          <>
            <a href="/">My games</a>
            <a href="/challenges">Challenges</a>
            <a href={`/leaderboards/${GAMES[0]!.id}`}>Leaderboards</a>
            <a href="/settings">Settings</a>
            <a class="muted-inverse" href={`/players/${encodeURIComponent(user.handle)}`}>
              <span class="sr-only">Signed in as </span>
              {user.name}
            </a>
          </>
        ) : (
          <a href={`/signin?next=${encodeURIComponent(here())}`}>Sign in</a>
        )}
      </nav>
    </header>
  );
}

/** Pages that need an account send a signed-out visitor to sign in, then back here. */
function RequireUser({ children }: { children: preact.ComponentChildren }) {
  const user = me.use();
  useEffect(() => {
    if (user === null) navigate(`/signin?next=${encodeURIComponent(here())}`, true);
  }, [user]);
  if (!user) return <p class="loading">Loading…</p>;
  return <>{children}</>;
}

function App() {
  const route = useRoute();
  const user = me.use();
  let page;
  const game = /^\/games\/([^/]+)$/.exec(route.path);
  const player = /^\/players\/([^/]+)$/.exec(route.path);
  const board = /^\/leaderboards\/([^/]+)(\/bots)?$/.exec(route.path);
  const invited = route.path === '/signin' ? inviteOf(route.query.get('next')) : null;
  if (user === undefined) page = <p class="loading">Loading…</p>;
  else if (route.path === '/signin') page = <SignIn next={route.query.get('next')} invite={invited} />;
  else if (route.path === '/verify-email') page = <VerifyEmailPage token={route.query.get('token')} />;
  else if (game) page = <RequireUser><GamePage id={decodeURIComponent(game[1]!)} invite={route.query.get('invite')} /></RequireUser>;
  else if (player) page = <RequireUser><PlayerPage name={decodeURIComponent(player[1]!)} /></RequireUser>;
  else if (board) page = <RequireUser><LeaderboardPage game={decodeURIComponent(board[1]!)} bots={!!board[2]} /></RequireUser>;
  else if (route.path === '/challenges') page = <RequireUser><ChallengesPage /></RequireUser>;
  else if (route.path === '/verify') page = <VerifyPage />;
  else if (route.path === '/settings') page = <RequireUser><SettingsPage /></RequireUser>;
  else if (route.path === '/') page = user ? <Home /> : <Landing />;
  else page = <main class="narrow"><h1>Not found</h1><p><a href="/">Alea's home page</a></p></main>;
  useEffect(() => {
    // A game's page names itself (and says when it is the player's move); so does the home page
    // of a signed-in player (what waits for them).
    const titles: Record<string, string> = { '/settings': 'Settings · Alea', '/challenges': 'Challenges · Alea', '/signin': 'Sign in · Alea', '/verify-email': 'Email address · Alea', '/verify': 'Verify a game\'s record · Alea' };
    if (!game && !player && !board && !(route.path === '/' && user)) document.title = titles[route.path] ?? 'Alea';
  }, [route.path, !!user]);
  return (
    <>
      <TopBar />
      {invited && <InviteNote id={invited.id} code={invited.code} />}
      {page}
    </>
  );
}

loadMe().finally(() => {
  const root = document.getElementById('app')!;
  root.textContent = ''; // the "Loading" placeholder of index.html
  render(<App />, root);
});
