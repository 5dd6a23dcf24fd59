// How the bot picks its move from what the API serves it: a legal action at random, or the
// computer's, through the very search the service's own computer opponent uses (src/search/decide.ts
// decide(), at a level of src/search/levels.ts). decide() takes exactly what the API gives the bot's
// side: its view, its legal actions and what it has seen so far, which the bot reads from the game's
// positions (GET /v1/games/{id}/positions/{n}: its own view after each entry of the log, with its
// own actions); it never sees anything the rules hide from its side.
import { randomInt } from 'node:crypto';
import { decide, type ComputerInput, type Seen } from '../../src/search/decide.js';
import { budgetFor } from '../../src/search/levels.js';
import type { Api, Game } from './api.js';

export type Mode = { kind: 'random' } | { kind: 'computer'; level: string; iterations?: number };

type Action = Game['legalActions'][number];

/** What the bot saw of each game so far: one Seen per standing entry, and the last version read. */
const histories = new Map<string, { seen: Seen<unknown>[]; upTo: number }>();

async function seenSoFar(api: Api, game: Game): Promise<Seen<unknown>[]> {
  const h = histories.get(game.id) ?? { seen: [], upTo: 0 };
  histories.set(game.id, h);
  for (let n = h.upTo + 1; n <= game.version; n++) {
    const { data, error } = await api.GET('/v1/games/{id}/positions/{n}', { params: { path: { id: game.id, n } } });
    if (!data) throw new Error(`position ${n}: ${JSON.stringify(error)}`);
    const e = data.entry;
    // The view as it was then, with the lines of the log this entry added.
    const view = { ...(data.view as object), log: e.log };
    const logFrom = data.logLength - e.log.length;
    if (e.kind === 'start') h.seen.push({ by: null, view, logFrom });
    else if (e.kind === 'action') h.seen.push({ by: e.role, ...(e.role === game.role && e.action && { action: e.action as Seen<unknown>['action'] }), view, logFrom });
    else if (e.kind === 'undo') {
      // The role took back its last action: it no longer stands.
      for (let i = h.seen.length - 1; i > 0; i--) {
        if (h.seen[i]!.by === e.role) {
          h.seen.splice(i, 1);
          break;
        }
      }
    }
    h.upTo = n;
  }
  return h.seen;
}

/** Per game: the computer's decisions, and those whose belief could not match what the bot saw. */
const stats = new Map<string, { decisions: number; beliefFailed: number }>();

/** Forgets a game that is over; what its decisions were like. */
export function forget(gameId: string): { decisions: number; beliefFailed: number } {
  histories.delete(gameId);
  const s = stats.get(gameId) ?? { decisions: 0, beliefFailed: 0 };
  stats.delete(gameId);
  return s;
}

/** The bot's move in this game, one of `game.legalActions` (without its label). */
export async function choose(api: Api, game: Game, mode: Mode): Promise<Action> {
  const legal = game.legalActions.map(({ label: _label, ...action }) => action) as Action[];
  if (mode.kind === 'random' || legal.length === 1) return legal[randomInt(legal.length)]!;
  const seen = await seenSoFar(api, game);
  const { data: log } = await api.GET('/v1/games/{id}/log', { params: { path: { id: game.id } } });
  const input = {
    game: game.game,
    role: game.role!,
    // The whole log: a game's answer carries only its latest lines.
    view: { ...(game.view as object), log: log?.entries ?? [] },
    legal,
    seen,
  } as unknown as ComputerInput;
  const budget = budgetFor(mode.level, `${game.id}:${game.version}`);
  const decision = decide(input, mode.iterations === undefined ? budget : { ...budget, iterations: mode.iterations });
  const s = stats.get(game.id) ?? { decisions: 0, beliefFailed: 0 };
  stats.set(game.id, s);
  s.decisions++;
  if (decision.stats.beliefFailed) s.beliefFailed++;
  return decision.action as Action;
}
