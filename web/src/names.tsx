// A player's name as the pages show it: a link to their page, and "bot" beside a bot account's
// name (the API's `bot: true` on a player), wherever a name shows: the players of a game, the
// lobby, a player's page, the leaderboards, challenges.

/** "bot" beside a bot account's name; nothing for a person. */
export function BotMark({ bot }: { bot?: boolean | undefined }) {
  if (!bot) return null;
  return (
    <>
      {' '}
      <span class="badge bot" title="A bot account: a program plays it">
        bot
      </span>
    </>
  );
}

/** A player's name as a link to their page, marked if a bot. */
export function PlayerLink({ user }: { user: { name: string; handle: string; bot?: boolean } }) {
  return (
    <>
      <a href={`/players/${encodeURIComponent(user.handle)}`}>{user.name}</a>
      <BotMark bot={user.bot} />
    </>
  );
}
