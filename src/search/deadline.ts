// A decision's deadline, read at every step of its work (each engine application of the belief's
// replay, each step of the search's descents and playouts). On a busy machine the search thread
// waits for a core between its steps: a step that costs a millisecond of CPU can take a hundred of
// the wall clock, and a collection of garbage in the middle of one as much again. Reading the clock
// "past the deadline or not" would then let the last step end that much late. So the deadline is
// read as "would one more step, as long as the longest seen so far in this decision, end past it":
// the longest gap between two reads is the measure of the machine's current pace, and the work
// stops early by twice that (a bounded amount), whatever made the steps slow.

/** How many of the longest steps seen are kept in hand before the deadline. */
const STEPS_IN_HAND = 2;

export class Deadline {
  private last: number;
  /** The longest gap seen between two reads (ms): one step's wall time at the machine's pace. */
  longestStep = 0;

  /**
   * @param at performance.now() value by which the work must be done.
   * @param most the most that is kept in hand for slow steps (ms): a step longer than that is
   *   not waited for, however slow the machine.
   */
  constructor(
    readonly at: number,
    private readonly most: number,
  ) {
    this.last = performance.now();
  }

  /** Whether the work must stop now: one more step of the longest kind seen would end too late. */
  passed(): boolean {
    const now = performance.now();
    const gap = now - this.last;
    this.last = now;
    if (gap > this.longestStep) this.longestStep = gap;
    return now + Math.min(this.most, STEPS_IN_HAND * this.longestStep) > this.at;
  }
}

/** The most of a decision's cap kept as headroom for the step under way when the work stops. */
const RESERVE_MS = 100;

/**
 * A decision's deadline, its cap counted from `t0`: the work stops a fifth of the cap (100 ms at
 * most) before it, and earlier by up to a third of the cap when the machine's pace makes the steps
 * slow (see Deadline).
 */
export function decisionDeadline(t0: number, capMs: number): Deadline {
  return new Deadline(t0 + capMs - Math.min(RESERVE_MS, capMs / 5), capMs / 3);
}

/** A deadline from a performance.now() value (tests and benches), or none. */
export function deadlineAt(at: number | null, most = 0): Deadline | null {
  return at === null ? null : new Deadline(at, most);
}
