// What a change tells the event listeners once committed (events.ts): the game's id, version,
// status, pending roles and players' user ids, nothing hidden.
import type { GameEvent } from '../../events.js';
import type { GameSummary } from '../present.js';

/** What listeners are told of a game that changed: nothing hidden (see events.ts). Its players, and the person an open game is offered to, hear of it. */
export function gameEvent(game: GameSummary): GameEvent {
  const users = game.players.map((p) => p.user.id);
  if (game.invitee) users.push(game.invitee.id);
  return { id: game.id, version: game.version, status: game.status, pending: [...game.pending], users, ...(game.computer && { computer: game.computer.role }) };
}
