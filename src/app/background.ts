// Work a request starts but does not wait for (its answer must not depend on how the work goes
// or how long it takes). Failures are logged; the server's close waits for what is in flight,
// and tests wait for idle() instead of sleeping.
export interface Background {
  run(work: () => Promise<unknown>, onError: (err: unknown) => void): void;
  /** Resolves once nothing started so far is still running. */
  idle(): Promise<void>;
}

export function background(): Background {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(work, onError) {
      const p: Promise<unknown> = Promise.resolve()
        .then(work)
        .catch(onError)
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
