// Matching a submitted action against the legal ones, for every game: an action is legal when it
// equals one of legalActions() up to the order of its object keys. Clients send JSON they built
// themselves, so the key of an action is computed, never trusted, and bounded in depth.

import { RuleError, type Action } from '../types.js';

/**
 * The one limit on how deeply an action may nest, for the engine and the service alike: levels of
 * objects and arrays, the action itself being the first. The deepest legal action of either game
 * has two ({type: 'fort', blocks: [...]}, {type: 'move', block, path: [...]}); the property tests
 * check every legal action they meet against it. Anything deeper is refused before it is walked.
 */
export const MAX_ACTION_DEPTH = 2;

/** Does x nest at most `levels` levels of objects and arrays? Walks no deeper than that. */
export function withinActionDepth(x: unknown, levels = MAX_ACTION_DEPTH): boolean {
  if (x === null || typeof x !== 'object') return true;
  if (levels === 0) return false;
  for (const v of Object.values(x)) if (!withinActionDepth(v, levels - 1)) return false;
  return true;
}

/**
 * A stable key of a JSON value: the same for values equal up to key order. Throws RuleError for a
 * value nested deeper than MAX_ACTION_DEPTH (a hostile action cannot make it walk far).
 */
export function actionKey(x: unknown, depth = 0): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'null';
  if (depth >= MAX_ACTION_DEPTH) throw new RuleError('That action is nested too deeply to be legal; choose one from legalActions.');
  if (Array.isArray(x)) return `[${x.map((v) => actionKey(v, depth + 1)).join(',')}]`;
  const o = x as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${actionKey(o[k], depth + 1)}`)
    .join(',')}}`;
}

export interface MatchOptions {
  /** The key two actions must share to be the same (default actionKey; a game may normalise first). */
  key?: (a: Action) => string;
  /** A cheap test run before the key is computed (e.g. same block): false rules a legal action out. */
  candidate?: (legal: Action, submitted: Action) => boolean;
}

/** The legal action equal to the submitted one (as the game defines equality), or undefined. */
export function matchLegal(legal: readonly Action[], action: Action, options: MatchOptions = {}): Action | undefined {
  // The very object a legal list handed out (a search replaying its own choices): no keys to compare.
  if (legal.includes(action)) return action;
  const key = options.key ?? actionKey;
  const wanted = key(action);
  return legal.find((l) => l.type === action.type && (options.candidate?.(l, action) ?? true) && key(l) === wanted);
}

/** Is this a JSON object with a string `type`, the shape of every action? */
export function isActionShape(a: unknown): a is Action {
  return a !== null && typeof a === 'object' && !Array.isArray(a) && typeof (a as { type?: unknown }).type === 'string';
}
