// Playing: an action, a sealed card play, taking back my last action, resigning. Each is one
// change transaction (change.ts); the engine decides what is legal.
import { definitionOf, RuleError, withinActionDepth, type Action, type GameModule } from '../../engine/index.js';
import { entriesAfterTx, listEntriesTx } from '../../store/game-tx.js';
import { changeAsPlayer, changeGame } from './change/change.js';
import { requireActive, requireSeat, staleVersion } from './change/checks.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import type { Answer, IdempotencyKey } from './idempotency.js';
import { publicVp, type GameResource } from './present.js';
import { replayGame, standingActions, undoCheck } from './history.js';
import { thenBot } from './bot.js';
import { ending } from './change/ending.js';

function sameAction(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameAction(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameAction((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function waitingFor(m: GameModule, state: unknown): string {
  const pending = m.pending(state);
  return pending.length ? `It is not your turn: waiting for ${pending.join(' and ')}.` : 'There is nothing for you to do now.';
}

/**
 * The engine's next state, or the right error: not my turn (403) or not legal (422). The engine
 * checks the action against the legal ones itself, so they are listed here only to explain a
 * refusal (or when the caller has them already: `legal`).
 */
function applyEngine(m: GameModule, state: unknown, role: string, action: Action, legal?: Action[]): unknown {
  const legalNow = () => (legal ??= m.legalActions(state, role));
  if (legal?.length === 0) throw new AppError('not_your_turn', waitingFor(m, state));
  // The engine's one limit on nesting (MAX_ACTION_DEPTH): anything deeper is no action, and is not walked.
  if (!withinActionDepth(action)) {
    if (legalNow().length === 0) throw new AppError('not_your_turn', waitingFor(m, state));
    throw new AppError('illegal_action', 'This action is not one of your legal actions now.');
  }
  try {
    return m.apply(state, role, action);
  } catch (err) {
    if (legalNow().length === 0) throw new AppError('not_your_turn', waitingFor(m, state));
    // RuleError messages are written to be safe for the acting player.
    if (err instanceof RuleError) throw new AppError('illegal_action', err.message);
    // Anything else on an action that is not legal is bad input the engine did not expect.
    if (!legalNow().some((l) => sameAction(l, action))) throw new AppError('illegal_action', 'This action is not one of your legal actions now.');
    throw err;
  }
}

/**
 * The `label` the API adds to each legal action is output only: an action sent back with it is
 * the same action (no engine action has a `label`), and the log keeps the action without it.
 */
function withoutLabel(a: Action): Action {
  if (a === null || typeof a !== 'object' || !Object.hasOwn(a, 'label')) return a;
  const { label: _label, ...action } = a;
  return action as Action;
}

export async function submitAction(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { action: Action; version: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  const action = withoutLabel(input.action);
  const answer = await changeAsPlayer(ctx, { userId, gameId, version: input.version, ...(idempotency && { idempotency }) }, (g, role) => {
    return { kind: 'action', role, action, state: applyEngine(g.module, g.state, role, action) };
  });
  return thenBot(ctx, userId, answer);
}

/** A sealed choice of `m`'s game (its definition says which): a card chosen face down. */
export function isSealedChoice(m: GameModule, a: unknown): a is Action & { card: string } {
  return definitionOf(m.id)?.sealed(a as Action) === true;
}

export async function playCard(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { card: string; version?: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  const answer = await changeGame(ctx, { userId, gameId, ...(idempotency && { idempotency }) }, async (g) => {
    const role = requireSeat(g, userId);
    requireActive(g);
    if (input.version !== undefined && input.version !== g.version) {
      // Sealed choices depend on nothing the opponent's sealed choices could change (they are
      // hidden), so those do not make a version stale; anything else does.
      const since = input.version < g.version ? await entriesAfterTx(g.tx, g.row.id, input.version) : null;
      if (!since || !since.every((e) => e.kind === 'action' && e.role !== role && isSealedChoice(g.module, e.action))) throw staleVersion(g.version);
    }
    const legal = g.module.legalActions(g.state, role);
    if (legal.length === 0) throw new AppError('not_your_turn', waitingFor(g.module, g.state));
    const choices = legal.filter((a) => isSealedChoice(g.module, a));
    if (choices.length === 0) throw new AppError('illegal_action', 'No card is to be played now; see legalActions for what you may do.');
    const action = choices.find((a) => a.card === input.card);
    if (!action) throw new AppError('illegal_action', `${input.card} is not one of the cards you may play now (your current choice cannot be played again).`);
    return { kind: 'action', role, action, state: applyEngine(g.module, g.state, role, action, legal) };
  });
  return thenBot(ctx, userId, answer);
}

export async function undo(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { version?: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  const answer = await changeAsPlayer(ctx, { userId, gameId, version: input.version, ...(idempotency && { idempotency }) }, async (g, role) => {
    const m = g.module;
    const standing = standingActions(await listEntriesTx(g.tx, g.row.id));
    // The state before the last action, by way of the one before the action before it: who may
    // undo next (the games row's undo_role, which answers `undoable`) is worked out on the way.
    const previous = standing[standing.length - 2];
    let earlier: unknown = null;
    let before: unknown = null;
    const stateBefore = () => {
      earlier = replayGame(m, g.row, standing.slice(0, -2));
      before = previous ? m.apply(earlier, previous.role, previous.action) : earlier;
      return before;
    };
    const undoing = undoCheck(m, standing, g.state, role, stateBefore);
    if ('refusal' in undoing) throw new AppError('not_undoable', undoing.refusal);
    const undoRole = previous && m.undoable!(earlier, before, previous.role) ? previous.role : '';
    return { kind: 'undo', role, action: { undoes: undoing.last.seq }, state: before, undoRole };
  });
  return thenBot(ctx, userId, answer);
}

export async function resign(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { version?: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  return changeAsPlayer(ctx, { userId, gameId, version: input.version, ...(idempotency && { idempotency }) }, (g, role) => {
    const others = g.module.roles.filter((r) => r !== role);
    return {
      kind: 'resign',
      role,
      action: {},
      state: g.state,
      ...ending(g.module, g.state, { winner: others.length === 1 ? others[0]! : null, reason: `${role} resigned`, vp: publicVp(g.module, g.state) }),
    };
  });
}
