// The page a signed-out visitor sees: what Alea is, the games it plays (from the registry), and
// the sign-in and sign-up forms.
import { GAMES } from '../games/registry';
import { AuthForms } from './auth-forms';

export function Landing() {
  return (
    <main class="narrow">
      <h1>Alea: block wargames by email</h1>
      <p>
        Play card-driven block wargames against a friend anywhere in the world, at your own pace. Each of you opens the game
        when Alea emails you, sees only what your side may see — your cards, your blocks; the enemy's blocks stand face down —
        plays a card or makes your moves, and goes back to your life. Alea keeps the rules, the dice and the secrets.
      </p>
      <ul class="game-list" aria-label="The games">
        {GAMES.map((g) => (
          <li key={g.id}>
            <strong>{g.title}</strong>: {g.description}
            {g.bot && <> Alone? Play the {g.bot.role} against {g.bot.title}.</>}
          </li>
        ))}
      </ul>
      <ul>
        <li>A move every few days, with reminders before your deadline; vacations pause your clock.</li>
        <li>Sealed card play: you may change your card until your opponent plays theirs.</li>
        <li>On a laptop or a phone, straight from the link in the email.</li>
      </ul>
      <AuthForms />
    </main>
  );
}
