// A game's state machine as a table of steps, the same for every game: at each step (the state's
// `step`) who must act, what each role may do and what an action does. The sections of the rules
// fill the table; the game's flow.ts builds it, and module.ts runs it.

import type { Action } from '../types.js';

/** The rules of one step of a game. */
export interface StepRules<S, R extends string> {
  /** Roles that must act now. */
  pending(s: S): R[];
  /** Legal actions of a role (a game may list some for a role that is not pending, e.g. changing a sealed card). */
  actions(s: S, role: R): Action[];
  /** Performs a legal action on a private copy of the state. */
  apply(s: S, role: R, a: Action): void;
}

/** Every step of a game, by name. */
export type Steps<S extends { step: string }, R extends string> = Record<S['step'], StepRules<S, R>>;

/** The step table, and what runs the game on after a step's action (when the steps do not do it themselves). */
export interface Flow<S extends { step: string }, R extends string> {
  steps: Steps<S, R>;
  /** After every action: runs queued work until a role must decide (or the game ends). */
  proceed?(s: S): void;
}

/** The actions of `roles(s)` only; none for any other role. */
export const only =
  <S, R extends string>(roles: (s: S) => R[], actions: (s: S, role: R) => Action[]) =>
  (s: S, role: R): Action[] =>
    roles(s).includes(role) ? actions(s, role) : [];

/** A step where the pending roles, and only they, may act. */
export function step<S, R extends string>(pending: (s: S) => R[], actions: (s: S, role: R) => Action[], apply: StepRules<S, R>['apply']): StepRules<S, R> {
  return { pending, actions: only(pending, actions), apply };
}

/** A step where nobody acts (the game is over, or work is queued). */
export function noDecision<S, R extends string>(): StepRules<S, R> {
  return { pending: () => [], actions: () => [], apply: () => {} };
}

/** Roles that must act now. */
export function pendingIn<S extends { step: string }, R extends string>(flow: Flow<S, R>, s: S): R[] {
  return flow.steps[s.step as S['step']].pending(s);
}

/** Applies a legal action of the current step, then runs the game on to the next decision. */
export function takeStep<S extends { step: string }, R extends string>(flow: Flow<S, R>, s: S, role: R, a: Action): void {
  flow.steps[s.step as S['step']].apply(s, role, a);
  flow.proceed?.(s);
}

/**
 * A role the engine plays itself: every decision it has, each chosen by `choose` among the step's
 * legal actions and taken like a player's, until another role must act or the game ends.
 */
export function playTurn<S extends { step: string }, R extends string>(flow: Flow<S, R>, s: S, role: R, choose: (s: S, legal: Action[]) => Action): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (!pendingIn(flow, s).includes(role)) return;
    takeStep(flow, s, role, choose(s, flow.steps[s.step as S['step']].actions(s, role)));
  }
  throw new Error(`the engine did not reach the end of ${role}'s turn`);
}
