// Time as a dependency: services ask the clock, so tests can set it instead of waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move (for tests and replays). */
export function fixedClock(start: Date | string | number): Clock & { set(t: Date | string | number): void; advance(ms: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (t) => void (current = new Date(t).getTime()),
    advance: (ms) => void (current += ms),
  };
}
