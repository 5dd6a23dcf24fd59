// Legal-action matching shared by every game (src/engine/kit/actions.ts).

import t from 'tap';
import { actionKey, isActionShape, matchLegal, MAX_ACTION_DEPTH, withinActionDepth } from '../../../src/engine/kit/actions.js';
import type { Action } from '../../../src/engine/types.js';

t.test('the key of an action ignores the order of object keys, not of arrays', async (t) => {
  t.equal(actionKey({ type: 'move', block: 'b1', to: 'Roma' }), actionKey({ to: 'Roma', type: 'move', block: 'b1' }));
  t.not(actionKey({ type: 'swap', blocks: ['a', 'b'] }), actionKey({ type: 'swap', blocks: ['b', 'a'] }));
  t.not(actionKey({ type: 'x', n: 1 }), actionKey({ type: 'x', n: '1' }));
  t.equal(actionKey(undefined), 'null');
});

t.test(`an action nested deeper than ${MAX_ACTION_DEPTH} levels is refused before it is walked`, async (t) => {
  let deep: unknown = 'x';
  for (let i = 0; i < 10_000; i++) deep = { a: deep };
  t.throws(() => actionKey({ type: 'x', deep }), { name: 'RuleError', message: /nested too deeply/ });
  t.notOk(withinActionDepth({ type: 'x', deep }));
});

t.test('one limit: what actionKey walks, the service lets through (levels of objects and arrays)', async (t) => {
  /** An action whose members nest to `levels` levels in all, the action itself being the first. */
  const nested = (levels: number, wrap: (v: unknown) => unknown): Action => {
    let v: unknown = 'x';
    for (let i = 1; i < levels; i++) v = wrap(v);
    return { type: 'x', v } as Action;
  };
  for (const inner of [(v: unknown) => [v], (v: unknown) => ({ a: v })]) {
    const deepest = nested(MAX_ACTION_DEPTH, inner);
    t.ok(withinActionDepth(deepest), `${JSON.stringify(deepest)} is within the limit`);
    t.doesNotThrow(() => actionKey(deepest));
    const over = nested(MAX_ACTION_DEPTH + 1, inner);
    t.notOk(withinActionDepth(over), `${JSON.stringify(over)} is not`);
    t.throws(() => actionKey(over), { name: 'RuleError' });
  }
  t.ok(withinActionDepth({ type: 'fort', blocks: ['a', 'b'] }), "Caesar's Gallic War's fort (two levels)");
  t.ok(withinActionDepth({ type: 'move', block: 'C-L13', path: ['Rome', 'Capua'] }), "Julius Caesar's move (two levels)");
  t.ok(withinActionDepth('x') && withinActionDepth(null), 'a plain value has no levels');
  t.notOk(withinActionDepth({ type: 'x', v: [[]] }), 'an empty array is a level too');
});

t.test('matchLegal returns the legal action itself, or undefined', async (t) => {
  const legal: Action[] = [{ type: 'move', block: 'b1', to: 'Roma' }, { type: 'move', block: 'b2', to: 'Roma' }, { type: 'done' }];
  t.equal(matchLegal(legal, { to: 'Roma', block: 'b2', type: 'move' }), legal[1]);
  t.equal(matchLegal(legal, { type: 'move', block: 'b2', to: 'Capua' }), undefined);
  t.equal(matchLegal(legal, { type: 'done', extra: 1 }), undefined, 'an extra member makes another action');
  const sorted = (a: Action) => actionKey(Array.isArray(a.blocks) ? { ...a, blocks: [...(a.blocks as string[])].sort() } : a);
  t.same(matchLegal([{ type: 'swap', blocks: ['a', 'b'] }], { type: 'swap', blocks: ['b', 'a'] }, { key: sorted }), { type: 'swap', blocks: ['a', 'b'] });
  let keyed = 0;
  const counting = (a: Action) => (keyed++, actionKey(a));
  matchLegal(legal, { type: 'move', block: 'b2', to: 'Roma' }, { key: counting, candidate: (l, a) => l.block === a.block });
  t.equal(keyed, 2, 'the candidate test spares computing the keys of other blocks');
  t.ok(isActionShape({ type: 'done' }));
  for (const bad of [null, [], 'done', { type: 3 }, {}]) t.notOk(isActionShape(bad));
});
