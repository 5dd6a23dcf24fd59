// The entry of every search thread that search-pool.ts starts: a file, so that a thread starts from
// a module one can open rather than from a string of code. The thread's work is search-thread.ts.
// Built (dist/), search-thread.js beside this file is imported as it is. Run from the sources (tsx,
// as the tests run them), the thread first registers tsx's loader: Node 20 carries it into a worker
// thread neither from the parent nor from `--import tsx` in the worker's execArgv.
import { workerData } from 'node:worker_threads';

const fromSource = workerData?.fromSource === true;
if (fromSource) (await import('tsx/esm/api')).register();
await import(new URL(fromSource ? './search-thread.ts' : './search-thread.js', import.meta.url).href);
