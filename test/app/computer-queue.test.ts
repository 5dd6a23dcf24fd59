// The computer's fair queue (src/app/computer/fair-queue.ts): searches served in turn per
// account, each charged its level's cost, so that many hard games of a few accounts cannot keep a
// new player's game waiting, and an account's share does not grow with its number of games.
import t from 'tap';
import { FairQueue, levelCost, type WaitingGame } from '../../src/app/computer/fair-queue.js';

/** Serves `n` searches from `waiting` (each game stays waiting: its computer moves again and again). */
function serve(q: FairQueue, waiting: WaitingGame[], n: number): WaitingGame[] {
  const served: WaitingGame[] = [];
  for (let k = 0; k < n; k++) {
    const next = q.order(waiting)[0]!;
    q.take(next);
    served.push(next);
    // The game served goes to the back of its account's games (its update time is now).
    waiting = [...waiting.filter((g) => g !== next), next];
  }
  return served;
}

t.test("8 accounts with 3 hard games each keep both threads busy: a new player's easy game is served next", async (t) => {
  const q = new FairQueue();
  const busy: WaitingGame[] = [];
  for (let a = 0; a < 8; a++) for (let g = 0; g < 3; g++) busy.push({ id: `a${a}g${g}`, account: `a${a}`, level: 'hard' });
  serve(q, busy, 40);
  const newcomer: WaitingGame = { id: 'new', account: 'newcomer', level: 'easy' };
  // Oldest first, the newcomer's game would be the 25th.
  const order = q.order([...busy, newcomer]);
  t.equal(order[0], newcomer, 'the new player is served before any of them');
  const next = serve(q, [...busy, newcomer], 9);
  t.equal(next.filter((g) => g.account === 'newcomer').length >= 2, true, 'and served again soon: its easy searches cost less');
});

t.test("each account's share of searches follows the cost of its level, not its number of games", async (t) => {
  const q = new FairQueue();
  const waiting: WaitingGame[] = [
    ...[0, 1, 2].map((g) => ({ id: `many${g}`, account: 'many', level: 'normal' })),
    { id: 'one', account: 'one', level: 'normal' },
    { id: 'hard', account: 'hardy', level: 'hard' },
    { id: 'easy', account: 'casual', level: 'easy' },
  ];
  const served = serve(q, waiting, 300);
  const time = (account: string) => served.filter((g) => g.account === account).reduce((a, g) => a + levelCost(g.level), 0);
  const times = ['many', 'one', 'hardy', 'casual'].map(time);
  const spread = Math.max(...times) / Math.min(...times);
  t.ok(spread < 1.3, `every account is given about the same search time (${times.join(', ')} ms)`);
  t.ok(Math.abs(time('many') - time('one')) <= levelCost('normal'), 'three games get no more than one, within a search');
  t.ok(served.filter((g) => g.account === 'casual').length > 10 * served.filter((g) => g.account === 'hardy').length, 'an easy search costs a sixteenth of a hard one: many more of them');
  const manyGames = new Set(served.filter((g) => g.account === 'many').map((g) => g.id));
  t.equal(manyGames.size, 3, "within an account, its games take turns");
});

t.test('the order is the one take() then follows, and an unknown level costs a normal one', async (t) => {
  const q = new FairQueue();
  const waiting: WaitingGame[] = [
    { id: 'x1', account: 'x', level: 'hard' },
    { id: 'x2', account: 'x', level: 'hard' },
    { id: 'y1', account: 'y', level: 'easy' },
  ];
  const predicted = q.order(waiting).map((g) => g.id);
  const served = serve(q, waiting, 3).map((g) => g.id);
  t.same(served.slice(0, 2), predicted.slice(0, 2), 'the places told are the order served');
  t.equal(levelCost('grandmaster'), levelCost('normal'));
});
