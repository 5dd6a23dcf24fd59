// The notification rules (src/app/notify/notifications.ts) with a tiny stand-in game, for the cases
// Julius Caesar reaches rarely or never: a creator who need not act at the start, a game ended
// by the rules, a time-out; and enqueueing the same change twice.
import t from 'tap';
import type { GameDefinition, GameModule, Outcome } from '../../src/engine/index.js';
import { enqueueNotifications, plan, wants, type GameChange } from '../../src/app/notify/notifications.js';
import type { SeatRow } from '../../src/store/games.js';
import { testDatabase } from '../helpers/db.js';

interface S {
  pending: string[];
  phase: string;
  log: { t: string; A?: string; B?: string }[];
  outcome?: Outcome;
}

const stub: GameModule<S> = {
  id: 'stub',
  title: 'Stub',
  roles: ['A', 'B'],
  setup: () => ({ pending: ['B'], phase: 'play', log: [] }),
  pending: (s) => s.pending,
  legalActions: () => [],
  apply: (s) => s,
  view: (s, role) => ({ phase: s.phase, prompt: `${s.pending.join(' and ')}: play.`, log: s.log.map((e) => (role ? (e[role as 'A'] ?? e.t) : e.t)) }),
  outcome: (s) => s.outcome ?? null,
  underway: () => true,
};

/** Its definition: a summary read from its view alone, its play sealed. */
const stubGame: GameDefinition<S> = {
  about: { id: 'stub', title: 'Stub', roles: ['A', 'B'], description: 'A stand-in.', options: [], sealed: [], rules: { url: 'https://example.org/stub-rules', by: 'nobody' } },
  module: stub,
  summary: (v: { phase: string; prompt: string; log: string[] }) => ({ when: '', task: 'play', sealed: v.phase === 'card', cardPlay: '', prompt: v.prompt, p1: null, log: v.log }),
  logHeading: () => null,
  sealed: () => false,
  schemas: new URL('file:///stub.yaml'),
};

const NOW = new Date('2026-01-01T12:00:00.000Z');

function seat(role: string, userId: string, pref: 'all' | 'moves' | 'none' = 'all'): SeatRow {
  return {
    role,
    userId,
    emailNotifications: true,
    joinedAt: NOW,
    pendingSince: null,
    playerSeed: null,
    playerSeedByServer: false,
    deadline: null,
    remindAt: null,
    overdueNoticeAt: null,
    user: { id: userId, displayName: role === 'A' ? 'Ann' : 'Bob', email: `${role.toLowerCase()}@example.org`, emailConfirmed: true, emailPreference: pref, vacationEndsAt: null },
  };
}

function change(over: Partial<GameChange>): GameChange {
  const state: S = { pending: ['B'], phase: 'play', log: [{ t: 'Setup.' }] };
  return {
    game: { id: '01900000-0000-7000-8000-000000000001', number: 7, title: 'Stub' },
    definition: stubGame,
    version: 1,
    kind: 'start',
    action: {},
    actor: { role: 'B', userId: 'ub' },
    pendingBefore: [],
    pendingAfter: ['B'],
    restarted: ['B'],
    started: true,
    finished: false,
    outcome: null,
    stateBefore: null,
    state,
    seats: [seat('A', 'ua'), seat('B', 'ub')],
    now: NOW,
    ...over,
  };
}

const summary = (c: GameChange) => plan(c).map((p) => `${p.kind}:${p.role}`);

t.test('start: the creator who need not act gets "joined"; if they must act, "your move" saying who joined', async (t) => {
  t.same(summary(change({})), ['joined:A']);
  t.same(summary(change({ pendingAfter: ['A', 'B'], restarted: ['A', 'B'] })), ['your-turn:A']);
});

t.test('the end: by the rules, both players; a resignation, the opponent; a time-out, the late player', async (t) => {
  const outcome = { winner: 'A', reason: 'A holds the field', vp: { A: 3, B: 1 } };
  const end = { started: false, finished: true, outcome, pendingAfter: [], restarted: [], stateBefore: { pending: ['A'], phase: 'play', log: [] } };
  t.same(summary(change({ ...end, kind: 'action', actor: { role: 'A', userId: 'ua' } })), ['game-over:A', 'game-over:B']);
  t.same(summary(change({ ...end, kind: 'resign', actor: { role: 'B', userId: 'ub' } })), ['resigned:A']);
  t.same(summary(change({ ...end, kind: 'timeout', action: { late: 'B' }, actor: { role: 'A', userId: 'ua' } })), ['timeout:B']);
});

t.test('a move: "your move" for roles whose move started, the actor\'s own included; an extension or an undo tells nobody', async (t) => {
  const mid = { started: false, stateBefore: { pending: ['A'], phase: 'play', log: [] } as S };
  t.same(summary(change({ ...mid, kind: 'action', actor: { role: 'A', userId: 'ua' }, pendingBefore: ['A'], pendingAfter: ['B'], restarted: ['B'] })), ['your-turn:B']);
  t.same(summary(change({ ...mid, kind: 'action', actor: { role: 'A', userId: 'ua' }, pendingBefore: ['A'], pendingAfter: ['A'], restarted: [] })), [], 'the actor\'s move goes on: nothing');
  // The actor's own action starts a new move of theirs (finishing a regroup: now both play a
  // card): they are told too, as the other player is (not only by the reminder at 20% of the time).
  t.same(
    summary(change({ ...mid, kind: 'action', actor: { role: 'A', userId: 'ua' }, pendingBefore: ['A'], pendingAfter: ['A', 'B'], restarted: ['A', 'B'] })),
    ['your-turn:A', 'your-turn:B'],
    'a new move of the actor\'s own: "your move" for them too',
  );
  t.same(summary(change({ ...mid, kind: 'extend', actor: { role: 'A', userId: 'ua' }, pendingBefore: ['B'], pendingAfter: ['B'], restarted: [] })), []);
  t.same(summary(change({ ...mid, kind: 'undo', actor: { role: 'A', userId: 'ua' }, pendingBefore: ['A'], pendingAfter: ['A'], restarted: [] })), []);
});

t.test('preferences: all, moves (only what asks to act), none, and the seat mute; nothing to an unconfirmed address', async (t) => {
  const s = (pref: 'all' | 'moves' | 'none', muted = false, emailConfirmed = true) => ({ emailNotifications: !muted, user: { emailPreference: pref, emailConfirmed } });
  for (const kind of ['your-turn', 'reminder', 'overdue', 'reveal', 'joined', 'game-over', 'resigned', 'timeout'] as const) {
    t.notOk(wants(s('all', false, false), kind), `${kind}: not to an address its owner has not confirmed`);
  }
  for (const kind of ['your-turn', 'reminder', 'overdue'] as const) {
    t.ok(wants(s('all'), kind) && wants(s('moves'), kind), `${kind}: all and moves`);
    t.notOk(wants(s('none'), kind) || wants(s('all', true), kind), `${kind}: not none, not muted`);
  }
  for (const kind of ['reveal', 'joined', 'game-over', 'resigned', 'timeout'] as const) {
    t.ok(wants(s('all'), kind), `${kind}: all`);
    t.notOk(wants(s('moves'), kind) || wants(s('none'), kind) || wants(s('all', true), kind), `${kind}: not moves, none or muted`);
  }
});

t.test('enqueueing the same change twice adds nothing; preferences filter; rows come from the recipient view', async (t) => {
  const { prisma } = await testDatabase(t);
  const [a, b] = await Promise.all(['a', 'b'].map((n) => prisma.user.create({ data: { email: `${n}@example.org`, displayName: n, passwordHash: 'x' } })));
  const game = await prisma.game.create({ data: { module: 'stub', seed: '1'.repeat(64), rng: 'chacha20', createdById: a!.id } });
  const c = change({
    game: { id: game.id, number: game.number, title: 'Stub' },
    seats: [seat('A', a!.id), seat('B', b!.id)],
    pendingAfter: ['A', 'B'],
    restarted: ['A', 'B'],
    state: { pending: ['A', 'B'], phase: 'play', log: [{ t: 'Public.', A: 'Only A reads this.', B: 'Only B reads this.' }] },
  });
  t.equal(await prisma.$transaction((tx) => enqueueNotifications(tx, { publicUrl: 'http://alea.test', jwtSecret: 's'.repeat(32) }, c)), 1);
  t.equal(await prisma.$transaction((tx) => enqueueNotifications(tx, { publicUrl: 'http://alea.test', jwtSecret: 's'.repeat(32) }, c)), 0, 'the second time: nothing');
  const rows = await prisma.outboxEmail.findMany();
  t.match(rows, [{ kind: 'your-turn', dedupeKey: `your-turn:${game.id}:1:A`, toAddress: 'a@example.org', userId: a!.id, gameId: game.id }]);
  const none = change({ ...c, seats: [seat('A', a!.id, 'none'), seat('B', b!.id)], version: 2 });
  t.equal(await prisma.$transaction((tx) => enqueueNotifications(tx, { publicUrl: 'http://alea.test', jwtSecret: 's'.repeat(32) }, none)), 0, '"none" gets nothing');
});
