// Where a computer decision's time goes: plays decisions at a level against the greedy player and
// profiles them in-process (node:inspector), then sums the time of the engine's entry points and
// the search's parts, each counted inclusively (with what it calls). `bench/ai.ts --profile` runs it.

import { Session } from 'node:inspector';
import { games as modules } from '../src/engine/index.js';
import { Observer } from '../src/search/observer.js';
import { player, type PlayerName } from './ai-players.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function post<T>(s: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => s.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
}

/** Parts of a decision, each a function (name and file) counted with what it calls; `inside`: only under that part. */
const PARTS: { name: string; fn: string; file: string; inside?: string; outside?: string }[] = [
  { name: 'belief: replay of what was seen', fn: 'rebuild', file: 'search/belief.ts' },
  { name: 'belief: sampling a state per iteration', fn: 'sample', file: 'search/belief.ts' },
  { name: '  of which view() to check it', fn: 'view', file: '/view.ts', inside: 'sample' },
  { name: '  of which legalActions() to check it', fn: 'legalActions', file: 'kit/module.ts', inside: 'sample' },
  { name: 'search: walking the tree', fn: 'iterate', file: 'search/ismcts.ts' },
  { name: '  playouts', fn: 'playout', file: 'search/ismcts.ts' },
  { name: 'engine apply() (all)', fn: 'apply', file: 'kit/module.ts', outside: 'rebuild' },
  { name: '  of which copying the state', fn: 'cloneState', file: '/state.ts', inside: 'apply', outside: 'rebuild' },
  { name: '  of which listing legal actions again to validate', fn: 'legalActions', file: 'kit/module.ts', inside: 'apply', outside: 'rebuild' },
  { name: '  of which matching the action (keys)', fn: 'matchLegal', file: 'kit/actions.ts', inside: 'apply', outside: 'rebuild' },
  { name: 'engine legalActions() outside apply', fn: 'legalActions', file: 'kit/module.ts', outside: 'apply' },
  { name: 'rules of thumb (policy, prior)', fn: 'prior', file: 'search/prior.ts' },
  { name: 'evaluation', fn: 'evaluate', file: 'computer/evaluation.ts' },
  { name: 'tree keys (observedKey)', fn: 'observedKey', file: 'computer/knowledge.ts' },
];

export async function profile(game: string, levelName: PlayerName, decisions: number): Promise<void> {
  const m = modules[game]!;
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
  let s: unknown = m.setup('7'.repeat(64), {});
  const me = m.roles[0]!;
  const observers = Object.fromEntries(m.roles.map((r) => [r, new Observer(m as never, r, s)]));
  const mine = player(levelName);
  const theirs = player('greedy');
  let made = 0;
  let iterations = 0;
  let searchMs = 0;
  await post(session, 'Profiler.start');
  const t0 = performance.now();
  for (let n = 0; made < decisions; n++) {
    const pending = m.pending(s);
    if (pending.length === 0) break;
    const role = pending[n % pending.length]!;
    const turn = { input: observers[role]!.input(s), state: s, seed: `profile|${n}` };
    const c = role === me ? mine(turn) : theirs(turn);
    if (role === me && c.stats && !c.stats.forced) {
      made++;
      iterations += c.stats.iterations;
      searchMs += c.stats.timeMs;
    }
    s = m.apply(s, role, c.action);
    for (const r of m.roles) observers[r]!.push(role, c.action, s);
  }
  const wall = performance.now() - t0;
  const { profile: p } = await post<{ profile: Profile }>(session, 'Profiler.stop');
  session.disconnect();

  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const is = (x: ProfileNode, fn: string, file: string) => x.callFrame.functionName === fn && x.callFrame.url.includes(file);
  const sums = PARTS.map(() => 0);
  for (const [id, t] of self) {
    // The chain of functions from this sample up to the root.
    const chain: ProfileNode[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) chain.push(byId.get(cur)!);
    PARTS.forEach((part, k) => {
      const at = chain.findIndex((x) => is(x, part.fn, part.file));
      if (at < 0) return;
      const above = chain.slice(at + 1);
      if (part.inside && !above.some((x) => x.callFrame.functionName === part.inside)) return;
      if (part.outside && above.some((x) => x.callFrame.functionName === part.outside)) return;
      sums[k]! += t;
    });
  }
  console.log(`${m.title}, ${levelName} against greedy: ${made} decisions in ${(wall / 1000).toFixed(1)} s (the opponent's included), ${iterations} iterations, ${((iterations / searchMs) * 1000).toFixed(0)} iterations/s of decision time.`);
  PARTS.forEach((part, k) => console.log(`  ${((sums[k]! / total) * 100).toFixed(1).padStart(5)}%  ${part.name}`));
  // The functions that spend the most time themselves (not in what they call): where to look next.
  const bySelf = new Map<string, number>();
  for (const [id, t] of self) {
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/src\//, 'src/')}`;
    bySelf.set(name, (bySelf.get(name) ?? 0) + t);
  }
  console.log('  most time of their own:');
  for (const [name, t] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${((t / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
