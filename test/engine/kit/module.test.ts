// The GameModule the engine kit builds from a game's parts (src/engine/kit/module.ts, steps.ts):
// the checks and refusals every game shares, on a toy game small enough to see whole. Ann and Bob
// take turns moving their own piece 1 or 2 forward; the first to reach 4 wins.

import t from 'tap';
import type { Action } from '../../../src/engine/types.js';
import { BOT_ACTION, defineModule, type ModuleParts } from '../../../src/engine/kit/module.js';
import { noDecision, step, type Steps } from '../../../src/engine/kit/steps.js';
import { idTable } from '../../../src/engine/kit/table.js';
import { deepCopy } from '../../../src/engine/kit/copy.js';

type Role = 'Ann' | 'Bob';
interface Toy {
  step: 'turn' | 'idle' | 'over';
  who: Role;
  at: Record<Role, number>;
  solo: boolean;
  /** Actions taken and the proceed() calls, in order. */
  trace: string[];
}

const PIECES = idTable([{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }], 'piece');
const OWNER: Role[] = ['Ann', 'Bob'];
const mine = (role: Role) => (role === 'Ann' ? 'a' : 'b');

const STEPS: Steps<Toy, Role> = {
  turn: step(
    (s) => [s.who],
    (s, role) => [1, 2].map((by) => ({ type: 'move', block: mine(role), by })),
    (s, role, a) => {
      s.at[role] += a.by as number;
      s.trace.push(`${role} ${String(a.by)}`);
      s.who = role === 'Ann' ? 'Bob' : 'Ann';
      if (s.at[role] >= 4) s.step = 'over';
    },
  ),
  idle: noDecision(),
  over: noDecision(),
};

function parts(over: Partial<ModuleParts<Toy, Toy, Role, { solitaire?: boolean }>> = {}): ModuleParts<Toy, Toy, Role, { solitaire?: boolean }> {
  return {
    id: 'toy',
    title: 'Toy',
    roles: ['Ann', 'Bob'],
    setup: (_seed, options) => ({ step: 'turn', who: 'Ann', at: { Ann: 0, Bob: 0 }, solo: options?.solitaire === true, trace: [] }),
    steps: STEPS,
    proceed: (s) => void s.trace.push('proceed'),
    clone: deepCopy,
    refusals: {
      who: (role) => role,
      blocks: { table: PIECES, owner: (_s, i) => OWNER[i]!, noun: 'pieces', refuse: (name, a, own) => `${name} cannot ${JSON.stringify(a)} (${own.length} legal).` },
    },
    view: (s) => s,
    outcome: (s) => (s.step === 'over' ? { winner: s.at.Ann >= 4 ? 'Ann' : 'Bob', reason: 'arrived', vp: {} } : null),
    underway: (s) => s.at.Ann + s.at.Bob > 0,
    ...over,
  };
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
  return 'accepted';
};

t.test('the checks every game makes, in the words of the game', async (t) => {
  const m = defineModule(parts());
  const s = m.setup('seed');
  t.equal(refusal(() => m.apply(s, 'Zed', { type: 'move' })), 'RuleError: Unknown role "Zed": the roles are Ann and Bob.');
  t.equal(refusal(() => m.apply(s, 'Ann', null as never)), 'RuleError: An action is a JSON object with a string "type"; choose one from legalActions.');
  t.equal(refusal(() => m.apply(s, 'Bob', { type: 'move', block: 'b', by: 1 })), "RuleError: It is not Bob's turn: waiting for Ann.");
  t.equal(refusal(() => m.apply(s, 'Ann', { type: 'pass' })), 'RuleError: "pass" is not possible now (turn step). Possible now: "move".');
  t.equal(refusal(() => m.apply(s, 'Ann', { type: 'move', block: 'z', by: 1 })), 'RuleError: There is no block "z".');
  t.equal(refusal(() => m.apply(s, 'Ann', { type: 'move', block: 'b', by: 1 })), "RuleError: b is not one of Ann's pieces.");
  t.equal(refusal(() => m.apply(s, 'Ann', { type: 'move', block: 'a', by: 3 })), 'RuleError: Alpha cannot {"type":"move","block":"a","by":3} (2 legal).', 'the game words why its own piece cannot');
  t.equal(refusal(() => m.apply(s, 'Ann', { type: 'move', by: 3 })), 'RuleError: {"type":"move","by":3} is not legal now; see legalActions.');
  const idle = defineModule(parts({ refusals: { ...parts().refusals, who: (r) => `the ${r}` } }));
  t.equal(refusal(() => idle.apply({ ...s, step: 'idle' }, 'Ann', { type: 'move' })), 'RuleError: The Ann has nothing to do now.', 'a role named with an article starts a sentence with a capital');
  t.equal(refusal(() => idle.apply(s, 'Bob', { type: 'move' })), "RuleError: It is not the Bob's turn: waiting for the Ann.");
  t.equal(refusal(() => m.apply({ ...s, step: 'over' }, 'Ann', { type: 'move', block: 'a', by: 1 })), 'RuleError: The game is over.');
});

t.test('apply takes the legal action whatever its key order, on a copy, then proceeds', async (t) => {
  const m = defineModule(parts());
  const s = m.setup('seed');
  const frozen = JSON.stringify(s);
  const next = m.apply(s, 'Ann', { by: 2, block: 'a', type: 'move' });
  t.equal(JSON.stringify(s), frozen, 'the input is unchanged');
  t.same(next.trace, ['Ann 2', 'proceed']);
  t.same(m.pending(next), ['Bob']);
  t.same(m.legalActions(next, 'Zed'), [], 'no actions for a role not of the game');
  const list = m.legalActions(next, 'Bob');
  list.length = 0;
  t.equal(m.legalActions(next, 'Bob').length, 2, 'the kept list is never handed out');
  const end = m.apply(m.apply(next, 'Bob', { type: 'move', block: 'b', by: 1 }), 'Ann', { type: 'move', block: 'a', by: 2 });
  t.same(m.outcome(end), { winner: 'Ann', reason: 'arrived', vp: {} });
  t.same(m.pending(end), []);
});

t.test('a game may match actions by its own key', async (t) => {
  // Here "by" may also be sent as a string.
  const key = (a: Action) => JSON.stringify([a.type, a.block, Number(a.by)]);
  const m = defineModule(parts({ key }));
  const s = m.setup('seed');
  t.same(m.apply(s, 'Ann', { type: 'move', block: 'a', by: '2' }).at, { Ann: 2, Bob: 0 });
  t.equal(refusal(() => defineModule(parts()).apply(s, 'Ann', { type: 'move', block: 'a', by: '2' })), 'RuleError: Alpha cannot {"type":"move","block":"a","by":"2"} (2 legal).');
});

t.test('labels, views and undo only for the roles of the game', async (t) => {
  const m = defineModule(parts({ describe: (_s, role, a) => `${role} moves ${String(a.by)}`, undoable: () => true }));
  const s = m.setup('seed');
  t.equal(m.describe!(s, 'Ann', { type: 'move', block: 'a', by: 1 }), 'Ann moves 1');
  t.equal(m.describe!(s, 'Zed', { type: 'move', block: 'a', by: 1 }), 'move');
  t.equal(m.undoable!(s, s, 'Ann'), true);
  t.equal(m.undoable!(s, s, 'Zed'), false);
  const bare = defineModule(parts());
  t.equal(bare.describe, undefined, 'a game without labels has none');
  t.equal(bare.undoable, undefined, 'a game without undo offers none');
  t.equal(bare.bot, undefined, 'a game without a robot has no bot');
});

t.test('a role the engine plays: one action that plays its decisions up to the other role', async (t) => {
  // The robot always moves 1; in a solitaire game Bob is the robot.
  const m = defineModule(parts({ robot: { role: 'Bob', playing: (s) => s.solo, choose: (_s, legal) => legal[0]! } }));
  t.same(m.bot?.role, 'Bob');
  t.same(m.bot?.action(m.setup('seed', { solitaire: true })), BOT_ACTION);
  const s = m.apply(m.setup('seed', { solitaire: true }), 'Ann', { type: 'move', block: 'a', by: 1 });
  t.same(m.legalActions(s, 'Bob'), [BOT_ACTION]);
  t.same(m.legalActions(m.setup('seed', { solitaire: true }), 'Bob'), [], 'none while the robot is not pending');
  const after = m.apply(s, 'Bob', BOT_ACTION);
  t.same(after.trace, ['Ann 1', 'proceed', 'Bob 1', 'proceed'], "the robot's move is taken like a player's");
  t.same(m.pending(after), ['Ann']);
  t.equal(refusal(() => m.apply(s, 'Bob', { type: 'move', block: 'b', by: 1 })), 'RuleError: "move" is not possible now (turn step). Possible now: "bot".');
  const people = m.apply(m.setup('seed'), 'Ann', { type: 'move', block: 'a', by: 1 });
  t.equal(m.legalActions(people, 'Bob').length, 2, 'in a game of two people Bob plays himself');
  // A robot whose moves change nothing is pending for ever.
  const stuck = defineModule(parts({ steps: { ...STEPS, turn: { ...STEPS.turn, apply: () => {} } }, robot: { role: 'Ann', playing: () => true, choose: (_s, l) => l[0]! } }));
  t.throws(() => stuck.apply(stuck.setup('seed'), 'Ann', BOT_ACTION), /did not reach the end of Ann's turn/, 'a robot that never hands over is a bug, not a hang');
});

t.test('idTable.get and deepCopy', async (t) => {
  t.same(PIECES.get('b'), { id: 'b', name: 'Beta' });
  t.throws(() => PIECES.get('z'), /unknown piece z/);
  const x = { a: [1, { b: null }], c: 'd' };
  const y = deepCopy(x);
  t.same(y, x);
  t.not(y.a, x.a);
  t.not(y.a[1], x.a[1]);
});
