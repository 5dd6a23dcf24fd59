// createPrismaClient's client and the node-postgres pool under it close together: a tool that used
// only the pool (ratings:rebuild) kept an idle connection after $disconnect(), and its process
// lived on for the pool's 10 s idle timeout before exiting.
import t from 'tap';
import { closePrismaClient, createPrismaClient, poolOf } from '../../src/store/prisma.js';
import { testDatabase } from '../helpers/db.js';

t.test('closePrismaClient ends the pool, whether Prisma itself connected or only the pool was used', async (t) => {
  const db = await testDatabase(t);
  const poolOnly = createPrismaClient(db.url, { poolSize: 2 });
  await poolOf(poolOnly).query('SELECT 1');
  await poolOnly.$disconnect();
  t.equal(poolOf(poolOnly).ended, false, '$disconnect() alone leaves a pool Prisma never used open');
  await closePrismaClient(poolOnly);
  t.equal(poolOf(poolOnly).ended, true, 'closePrismaClient ends it');

  const both = createPrismaClient(db.url, { poolSize: 2 });
  await both.user.count();
  await poolOf(both).query('SELECT 1');
  await closePrismaClient(both);
  t.equal(poolOf(both).ended, true, 'and a pool Prisma used, ended once (no "end called more than once")');

  const unused = createPrismaClient(db.url);
  await closePrismaClient(unused);
  t.equal(poolOf(unused).ended, true, 'and one never used');
});
