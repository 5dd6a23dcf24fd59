// Idempotency keys live 24 hours: an old key may be used again, and the hourly purge drops them.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { purgeExpiredKeys } from '../../src/app/games/idempotency.js';
import { apiServer } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

t.test('keys expire after 24 hours', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const u = await s.signUp('Marcus');
  const create = () => u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }, { headers: { 'idempotency-key': 'k1' } });
  const first = await create();
  clock.advance(23 * 3600_000);
  t.equal((await create()).body.id, first.body.id, 'within 24 hours: the same answer');
  t.equal(await purgeExpiredKeys({ prisma: s.db.prisma, clock }), 0);
  clock.advance(2 * 3600_000);
  const later = await create();
  t.not(later.body.id, first.body.id, 'after 24 hours the key is free again');
  clock.advance(25 * 3600_000);
  t.equal(await purgeExpiredKeys({ prisma: s.db.prisma, clock }), 1);
  t.equal(await s.db.prisma.idempotencyKey.count(), 0);
});
