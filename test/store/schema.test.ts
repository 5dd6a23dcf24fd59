// The data model's constraints, exercised through the Prisma client as the services will use it.
import t from 'tap';
import { Prisma } from '../../src/store/generated/prisma/client.js';
import { testDatabase } from '../helpers/db.js';

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

t.test('a game with seats, actions, a snapshot and outbox rows', async (t) => {
  const { prisma } = await testDatabase(t);
  const [caesar, pompey] = await Promise.all(
    ['caesar@example.org', 'pompey@example.org'].map((email) =>
      prisma.user.create({ data: { email, displayName: email.split('@')[0]!, passwordHash: 'x' } }),
    ),
  );
  t.match(caesar!.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/, 'ids are UUIDv7');
  const game = await prisma.game.create({
    data: {
      module: 'julius-caesar',
      seed: 'ab'.repeat(32),
      rng: 'chacha20',
      createdById: caesar!.id,
      players: { create: [{ role: 'Caesar', userId: caesar!.id }, { role: 'Pompey', userId: pompey!.id }] },
      snapshot: { create: { version: 0, state: { turn: 1 } } },
    },
    include: { players: true, snapshot: true },
  });
  t.equal(game.status, 'open');
  t.same(game.options, {});
  t.equal(game.players.length, 2);

  await t.rejects(
    prisma.gamePlayer.create({ data: { gameId: game.id, role: 'Caesar', userId: pompey!.id } }).catch((e) => {
      throw isUniqueViolation(e) ? new Error('unique') : e;
    }),
    /unique/,
    'one seat per role',
  );

  await prisma.gameAction.create({ data: { gameId: game.id, seq: 1, role: 'Caesar', action: { type: 'playCard', card: 'c12' }, userId: caesar!.id } });
  await t.rejects(
    prisma.gameAction.create({ data: { gameId: game.id, seq: 1, role: 'Pompey', action: { type: 'pass' } } }).catch((e) => {
      throw isUniqueViolation(e) ? new Error('unique') : e;
    }),
    /unique/,
    'one action per (game, seq)',
  );

  await prisma.outboxEmail.create({
    data: { kind: 'your-turn', dedupeKey: `your-turn:${game.id}:1:Pompey`, toAddress: 'pompey@example.org', subject: 'Your turn', textBody: 'Play.', gameId: game.id },
  });
  await t.rejects(
    prisma.outboxEmail
      .create({ data: { kind: 'your-turn', dedupeKey: `your-turn:${game.id}:1:Pompey`, toAddress: 'pompey@example.org', subject: 'Again', textBody: '.' } })
      .catch((e) => {
        throw isUniqueViolation(e) ? new Error('unique') : e;
      }),
    /unique/,
    'an email is enqueued once per dedupe key',
  );

  // Deleting a game takes its seats, actions and snapshot with it; sent mail history stays.
  await prisma.game.delete({ where: { id: game.id } });
  t.equal(await prisma.gameAction.count(), 0);
  t.equal(await prisma.gamePlayer.count(), 0);
  t.equal(await prisma.gameSnapshot.count(), 0);
  t.match(await prisma.outboxEmail.findFirst(), { gameId: null, status: 'pending' });
});
