// Long work done a slice at a time (issue 38): making a long game's record replays it (every
// entry's view of the whole board), 0.3 s or more for 600 entries, and so does Alea's own check of
// it before signing. Done in one go it held every other request of the process up for that long
// (/healthz at 715 ms). Written as generators that pause after each entry, the work is run here
// giving the event loop a turn every few milliseconds, so other requests are answered meanwhile.

/** Runs `steps` to its end, letting other work in every `sliceMs` ms of it; its value. */
export async function inSlices<T>(steps: Generator<unknown, T>, sliceMs = 10): Promise<T> {
  let until = performance.now() + sliceMs;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() >= until) {
      await new Promise((resolve) => setImmediate(resolve));
      until = performance.now() + sliceMs;
    }
  }
}
