// The computer's seat: a game created "against the computer" (`opponent: 'computer'`, with a
// level) names the role the computer plays (games.computer_role, computer_level); its creator takes
// the other one. The computer holds no seat row: its moves are made by the worker
// (src/app/computer/runner.ts). Here, beside the game's creation (games.ts), as the rulebook bot's
// seat is (bot.ts): the computer's service side imports the games' change path, so the games'
// folder imports nothing from it.
import type { GameModule } from '../../engine/index.js';
import { definitionOf } from '../../engine/games.js';
import { LEVELS } from '../../search/levels.js';
import { AppError } from '../errors.js';

/** The levels a game may be created with (src/search/levels.ts: named by what a decision costs). */
export const COMPUTER_LEVELS: readonly string[] = LEVELS.map((l) => l.id);

/** The computer's role and the person's, for a new game against the computer. */
export function seatsAgainstComputer(m: GameModule, requested: string, pick: (n: number) => number): { person: string; computer: string } {
  if (!definitionOf(m.id)?.computer) {
    throw new AppError('validation_failed', `${m.title} cannot be played against the computer.`, { errors: [{ in: 'body', path: '/opponent', message: `${m.title} has no computer opponent: leave opponent out` }] });
  }
  if (m.roles.length !== 2) throw new Error(`${m.id}: a game against the computer needs exactly two roles`);
  const person = requested === 'random' ? m.roles[pick(m.roles.length)]! : requested;
  if (!m.roles.includes(person)) {
    throw new AppError('validation_failed', `${m.title} has no role "${person}".`, { errors: [{ in: 'body', path: '/role', message: `must be one of ${m.roles.join(', ')} or random` }] });
  }
  return { person, computer: m.roles.find((r) => r !== person)! };
}

/** The level asked for at creation, checked (default: normal). */
export function checkedLevel(level: string | undefined): string {
  const l = level ?? 'normal';
  if (!COMPUTER_LEVELS.includes(l)) {
    throw new AppError('validation_failed', `There is no level "${l}".`, { errors: [{ in: 'body', path: '/level', message: `must be one of ${COMPUTER_LEVELS.join(', ')}` }] });
  }
  return l;
}
