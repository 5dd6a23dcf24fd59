// The process-local memory of token generations: trusted for its time only, never going back
// to an older generation, a deleted account staying deleted, bounded in size.
import t from 'tap';
import { TokenGenerations } from '../../src/app/token-generations.js';

t.test('remembered for ttl, then forgotten', async (t) => {
  let now = 1000;
  const g = new TokenGenerations(500, 10, () => now);
  t.equal(g.get('u'), undefined);
  g.remember('u', 2);
  t.equal(g.get('u'), 2);
  now += 499;
  t.equal(g.get('u'), 2);
  now += 1;
  t.equal(g.get('u'), undefined, 'expired');
});

t.test('a slow read never brings back an older generation; a deleted account stays deleted', async (t) => {
  const g = new TokenGenerations(10_000, 10, () => 0);
  g.remember('u', 3); // a revocation written by this process
  g.remember('u', 2); // a read that started before it
  t.equal(g.get('u'), 3);
  g.remember('u', 4);
  t.equal(g.get('u'), 4);
  g.remember('u', null);
  g.remember('u', 5);
  t.equal(g.get('u'), null);
});

t.test('ttl 0 remembers nothing; the size is bounded', async (t) => {
  const off = new TokenGenerations(0);
  off.remember('u', 1);
  t.equal(off.get('u'), undefined);
  const g = new TokenGenerations(10_000, 3, () => 0);
  for (const u of ['a', 'b', 'c']) g.remember(u, 1);
  g.remember('a', 2);
  t.equal(g.get('b'), 1, 'updating a known user keeps the others');
  g.remember('d', 1);
  t.equal(g.get('a'), undefined, 'full: starts over');
  t.equal(g.get('d'), 1);
});

t.test('tokens signed out one by one: remembered for ttl, and a slow read never signs one back in', async (t) => {
  let now = 0;
  const g = new TokenGenerations(500, 10, () => now);
  t.equal(g.tokenRevoked('j'), undefined);
  g.rememberToken('j', false);
  t.equal(g.tokenRevoked('j'), false);
  g.rememberToken('j', true); // signed out through this process
  g.rememberToken('j', false); // a read that started before
  t.equal(g.tokenRevoked('j'), true);
  now += 500;
  t.equal(g.tokenRevoked('j'), undefined, 'forgotten after ttl: read again from the database');
  const off = new TokenGenerations(0);
  off.rememberToken('j', true);
  t.equal(off.tokenRevoked('j'), undefined, 'ttl 0 remembers nothing');
});
