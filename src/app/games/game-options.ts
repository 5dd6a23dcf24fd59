// The options a game is created with: exactly those its module declares (GameModule.options), each
// one of its allowed values. Stored with the game (every option, defaults included, so the lobby
// shows what was chosen) and passed to the engine's setup on every replay.
import type { GameModule } from '../../engine/index.js';
import { AppError } from '../errors.js';

export type GameOptions = Record<string, string | boolean>;

/** Every option of the module with its value for this game: the requested ones, the others' defaults. */
export function resolveOptions(m: GameModule, requested: Record<string, unknown>): GameOptions {
  const specs = m.options ?? [];
  const errors: { in: string; path: string; message: string }[] = [];
  for (const name of Object.keys(requested)) {
    const spec = specs.find((o) => o.name === name);
    if (!spec) errors.push({ in: 'body', path: `/options/${name}`, message: specs.length ? `is not an option of ${m.title} (${specs.map((o) => o.name).join(', ')})` : `${m.title} has no options` });
    else if (!spec.values.includes(requested[name] as string | boolean)) errors.push({ in: 'body', path: `/options/${name}`, message: `must be one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}` });
  }
  if (errors.length) throw new AppError('validation_failed', `Those options are not ${m.title}'s: ${errors.map((e) => `${e.path.slice(9)} ${e.message}`).join('; ')}.`, { errors });
  return Object.fromEntries(specs.map((o) => [o.name, name(requested, o.name) ?? o.default]));
}

function name(requested: Record<string, unknown>, key: string): string | boolean | undefined {
  return Object.hasOwn(requested, key) ? (requested[key] as string | boolean) : undefined;
}

/** The options of a stored game as the API shows them (games stored before options: the defaults). */
export function presentOptions(m: GameModule, stored: unknown): GameOptions {
  const o = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries((m.options ?? []).map((spec) => [spec.name, (Object.hasOwn(o, spec.name) ? o[spec.name] : spec.default) as string | boolean]));
}
