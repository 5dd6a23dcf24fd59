// What the tab's title says waits for the player, before the page's own name: "(your move) ", on
// the home page "(2 games wait) ", and the unread messages, "(1 message) ", in one bracket when both
// ("(your move, 2 messages) "), so a player with many tabs sees it in the tab strip.
import { count } from './board/words';

/** The title's prefix ('' when nothing waits): `moves`, the games waiting for my move; `messages`, unread. */
export function waitingPrefix(moves: number, messages: number): string {
  const parts: string[] = [];
  if (moves === 1) parts.push('your move');
  else if (moves > 1) parts.push(`${moves} games wait`);
  if (messages > 0) parts.push(count(messages, 'message'));
  return parts.length ? `(${parts.join(', ')}) ` : '';
}
