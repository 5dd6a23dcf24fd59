// What a test process keeps for all its tests (one browser, one admin connection) is closed when
// the last of them is over: at the teardown of the process's root test, reached from any test.
// (Not by importing tap's root here: a benchmark importing these helpers would start a TAP run.)
import type { Test } from 'tap';

type Node = { parent?: Node; teardown(fn: () => unknown): void };

/** Runs `fn` when the tests of this process are over. */
export function atProcessEnd(t: Test, fn: () => unknown): void {
  let root = t as unknown as Node;
  while (root.parent) root = root.parent;
  root.teardown(fn);
}
