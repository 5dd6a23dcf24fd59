// Acting: actions and their errors, idempotency keys, undo, resignation.
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { act, apiServer, look, moveFirstLegal, playUntilUnderway, startGame, toCommand } from '../helpers/api.js';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

t.test('an action: accepted at the current version, recorded, answered with the new game', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const before = await look(g.caesar, g.id);
  const { label: _label, ...action } = before.legalActions[2];
  const res = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action, version: 1 });
  t.equal(res.status, 200);
  t.match(res.body, { id: g.id, version: 2, role: 'Caesar', pending: ['Pompey'], view: { role: 'Caesar', discard: action.card } });
  t.equal(res.headers.get('idempotent-replayed'), null);
  const rows = await s.db.prisma.gameAction.findMany({ where: { gameId: g.id }, orderBy: { seq: 'asc' } });
  t.match(rows, [
    { seq: 1, kind: 'start', role: 'Pompey', userId: g.pompey.id },
    { seq: 2, kind: 'action', role: 'Caesar', action, userId: g.caesar.id },
  ]);
  t.same(await look(g.caesar, g.id), res.body, 'GET answers the same');
});

t.test('action errors: illegal 422 (nothing changes), stale 409, not my turn or not my game 403', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const snapshot = async () => s.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: g.id } });
  const first = await snapshot();

  const illegal = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'levy', block: 'C-L7', city: 'Rome' }, version: 1 });
  t.match(illegal, { status: 422, body: { code: 'illegal_action', detail: /"levy" is not possible now/ } });
  const notInHand = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'discard', card: 'K99' }, version: 1 });
  t.match(notInHand, { status: 422, body: { code: 'illegal_action' } });
  const extraKey = { ...(await look(g.caesar, g.id)).legalActions[0], extra: 1 };
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: extraKey, version: 1 }), { status: 422 });
  t.same(await snapshot(), first, 'nothing changed');
  t.equal(await s.db.prisma.gameAction.count({ where: { gameId: g.id } }), 1);

  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  const stale = await g.pompey.client.post(`/v1/games/${g.id}/actions`, { action: (await look(g.pompey, g.id)).legalActions[0], version: 1 });
  t.match(stale, { status: 409, body: { code: 'stale_version', currentVersion: 2 } });
  const future = await g.pompey.client.post(`/v1/games/${g.id}/actions`, { action: (await look(g.pompey, g.id)).legalActions[0], version: 9 });
  t.match(future, { status: 409, body: { code: 'stale_version', currentVersion: 2 } });

  // (Caesar, whose discard is in, may still change it: that is not "not his turn".)
  const c = await startGame(s);
  const command = await toCommand(c);
  const notMyTurn = await c.pompey.client.post(`/v1/games/${c.id}/actions`, { action: { type: 'done' }, version: command.version });
  t.match(notMyTurn, { status: 403, body: { code: 'not_your_turn', detail: 'It is not your turn: waiting for Caesar.' } });

  const watcher = await s.signUp('Cicero');
  t.match(await watcher.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'done' }, version: 2 }), { status: 403, body: { code: 'forbidden' } });
  const priv = await startGame(s, { visibility: 'private' });
  t.match(await watcher.client.post(`/v1/games/${priv.id}/actions`, { action: { type: 'done' }, version: 1 }), { status: 404 });
  t.match(await g.caesar.client.post(`/v1/games/${priv.id}/actions`, { action: { type: 'done' }, version: 1 }), { status: 404 }, 'not someone else\'s private game either');
  t.match(await watcher.client.post(`/v1/games/${UNKNOWN}/actions`, { action: { type: 'done' }, version: 1 }), { status: 404 });
  const open = (await watcher.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.match(await watcher.client.post(`/v1/games/${open.id}/actions`, { action: { type: 'done' }, version: 0 }), { status: 409, body: { code: 'conflict', detail: /not started/ } });
  t.equal((await s.anon.post(`/v1/games/${g.id}/actions`, { action: { type: 'done' }, version: 2 })).status, 401);

  for (const [body, path] of [
    [{ action: { type: 'done' } }, '/version'],
    [{ version: 2 }, '/action'],
    [{ action: 'done', version: 2 }, '/action'],
    [{ action: {}, version: 2 }, '/action/type'],
    [{ action: { type: '' }, version: 2 }, '/action/type'],
    [{ action: { type: 'done' }, version: -1 }, '/version'],
    [{ action: { type: 'done' }, version: '2' }, '/version'],
    [{ action: { type: 'done' }, version: 2, force: true }, '/force'],
  ] as const) {
    const res = await g.caesar.client.post(`/v1/games/${g.id}/actions`, body);
    t.equal(res.status, 400, JSON.stringify(body));
    t.match(res.body, { code: 'validation_failed', errors: [{ in: 'body', path }] }, path);
  }
});

t.test('Idempotency-Key: a retry after later moves gets the very bytes of the first answer, kept without its view and legal actions', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  // Far enough into the game that the log is longer than an answer carries, and a snapshot lies between.
  let game = await look(g.caesar, g.id);
  for (let i = 0; i < 200 && game.logLength <= 60; i++) game = await moveFirstLegal(g);
  const mover = (await look(g.caesar, g.id)).legalActions.length ? g.caesar : g.pompey;
  const before = await look(mover, g.id);
  const send = () =>
    mover.client.post(`/v1/games/${g.id}/actions`, { action: before.legalActions[0], version: before.version }, { headers: { 'idempotency-key': 'kept-1' } });
  const first = await send();
  t.equal(first.status, 200);
  const kept = await s.db.prisma.idempotencyKey.findFirst({ where: { key: 'kept-1' } });
  t.notOk('view' in (kept!.responseBody as object) || 'legalActions' in (kept!.responseBody as object), 'kept without its view and legal actions');
  t.ok(JSON.stringify(kept!.responseBody).length < first.text.length / 2, 'a fraction of the answer');
  const same = await send();
  t.equal(same.headers.get('idempotent-replayed'), 'true');
  t.equal(same.text, first.text, 'right after: the same bytes');
  for (let i = 0; i < 12; i++) await moveFirstLegal(g);
  const later = await send();
  t.equal(later.status, 200);
  t.equal(later.headers.get('idempotent-replayed'), 'true');
  t.equal(later.text, first.text, 'after 12 more moves: the same bytes, from the log replayed to that version');
  t.ok(first.body.view.log.length === 50 && first.body.logLength > 60);
});

t.test('Idempotency-Key: a retry gets the first answer; another request with the key is refused', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const action = (await look(g.caesar, g.id)).legalActions[0];
  const send = (u = g.caesar, key = 'retry-me-1', body: unknown = { action, version: 1 }) =>
    u.client.post(`/v1/games/${g.id}/actions`, body, { headers: { 'idempotency-key': key } });
  const first = await send();
  t.equal(first.status, 200);
  t.equal(first.headers.get('idempotent-replayed'), null);
  const again = await send();
  t.equal(again.status, 200);
  t.equal(again.headers.get('idempotent-replayed'), 'true');
  t.same(again.body, first.body, 'the same answer');
  t.equal(await s.db.prisma.gameAction.count({ where: { gameId: g.id } }), 2, 'acted once');
  const other = await send(g.caesar, 'retry-me-1', { action: (await look(g.caesar, g.id)).legalActions[0], version: 2 });
  t.match(other, { status: 422, body: { code: 'idempotency_key_reused' } });
  const theirs = await send(g.pompey, 'retry-me-1', { action: (await look(g.pompey, g.id)).legalActions[0], version: 2 });
  t.equal(theirs.status, 200, 'keys are per user: Pompey\'s request with the same key is his own');
  t.equal(theirs.body.role, 'Pompey');
  t.equal(theirs.headers.get('idempotent-replayed'), null);
  const bad = await send(g.caesar, 'a key with spaces');
  t.match(bad, { status: 400, body: { errors: [{ in: 'header', path: '/idempotency-key' }] } });

  // Creating a game with a key: a retry does not create a second game.
  const create = () => g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }, { headers: { 'idempotency-key': 'new-game-7' } });
  const c1 = await create();
  const c2 = await create();
  t.equal(c1.status, 201);
  t.equal(c2.status, 201);
  t.equal(c2.headers.get('idempotent-replayed'), 'true');
  t.equal(c2.body.id, c1.body.id);
  t.equal(await s.db.prisma.game.count(), 2);
  // An error is not stored: the retry is processed anew.
  const e1 = await send(g.caesar, 'err-1', { action: { type: 'nope' }, version: 3 });
  t.equal(e1.status, 422);
  t.equal(await s.db.prisma.idempotencyKey.count({ where: { key: 'err-1' } }), 0);
});

t.test('undo: my own last action, if it drew nothing and revealed nothing; versions keep growing', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  // During the card play, a sealed card cannot be taken back (it is changed by playing another).
  const cards = await (async () => {
    for (const u of [g.caesar, g.pompey]) await act(u, g.id, (await look(u, g.id)).legalActions[0]);
    return look(g.caesar, g.id);
  })();
  t.equal(cards.view.phase, 'card');
  const undoable = async () => [(await look(g.caesar, g.id)).undoable, (await look(g.pompey, g.id)).undoable];
  t.same(await undoable(), [false, false], '`undoable`: nothing to take back yet');
  await act(g.caesar, g.id, cards.legalActions.find((a: any) => a.card >= 'K08'));
  t.same(await undoable(), [false, false], 'a sealed card is not undoable');
  const noCardUndo = await g.caesar.client.post(`/v1/games/${g.id}/undo`);
  t.match(noCardUndo, { status: 409, body: { code: 'not_undoable' } });
  const pompeyTurn = await look(g.pompey, g.id);
  await act(g.pompey, g.id, pompeyTurn.legalActions.find((a: any) => a.card >= 'K08'));

  const command = await look(g.caesar, g.id);
  t.equal(command.view.phase, 'command');
  const move = command.legalActions.find((a: any) => a.type === 'move');
  const moved = await act(g.caesar, g.id, move);
  t.equal(moved.version, command.version + 1);
  t.equal(moved.undoable, true, 'the answer to his move says he may take it back');
  t.same(await undoable(), [true, false], 'Caesar may undo his move; Pompey may not');
  t.match(await g.pompey.client.post(`/v1/games/${g.id}/undo`, {}), { status: 409, body: { code: 'not_undoable', detail: /Caesar's, not yours/ } });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/undo`, { version: command.version }), { status: 409, body: { code: 'stale_version' } });
  const undone = await g.caesar.client.post(`/v1/games/${g.id}/undo`, { version: moved.version });
  t.equal(undone.status, 200);
  t.equal(undone.body.version, moved.version + 1, 'a new version, not the old one');
  t.same({ ...undone.body.view }, command.view, 'the view is as before the move');
  t.same(undone.body.legalActions, command.legalActions);
  t.same((await look(g.pompey, g.id)).view, (await look(g.pompey, g.id)).view);
  const entries = await s.db.prisma.gameAction.findMany({ where: { gameId: g.id }, orderBy: { seq: 'asc' } });
  t.match(entries[entries.length - 1], { kind: 'undo', role: 'Caesar', action: { undoes: moved.version } }, 'the log keeps the move and its undo');

  t.match(await g.caesar.client.post(`/v1/games/${g.id}/undo`), { status: 409, body: { code: 'not_undoable' } }, "the card play before is Pompey's");
  // Two moves, two undos.
  const m1 = await act(g.caesar, g.id, move);
  const m2 = await act(g.caesar, g.id, m1.legalActions.find((a: any) => a.type === 'move'));
  const first = await g.caesar.client.post(`/v1/games/${g.id}/undo`);
  t.equal(first.body.version, m2.version + 1);
  t.equal(first.body.undoable, true, 'one move undone, the one before is still his to take back');
  // A game last changed before the games row kept it (undo_role NULL) works it out from its log.
  await s.db.prisma.game.update({ where: { id: g.id }, data: { undoRole: null } });
  t.same(await undoable(), [true, false], 'worked out from the log for a game changed before undo_role');
  const back = await g.caesar.client.post(`/v1/games/${g.id}/undo`);
  t.equal(back.status, 200);
  t.same(back.body.view, command.view);
  t.same([back.body.undoable, ...(await undoable())], [false, false, false], 'both moves undone: the card play before is not his');
  // Ending the command phase passes the turn on: that is final.
  const done = await act(g.caesar, g.id, { type: 'done' });
  t.notSame(done.pending, ['Caesar']);
  t.same(await undoable(), [false, false], 'passing the turn on is final: nobody may undo it');
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/undo`), { status: 409, body: { code: 'not_undoable' } });
  const watcher = await s.signUp('Cicero');
  t.match(await watcher.client.post(`/v1/games/${g.id}/undo`), { status: 403 });
  t.equal((await look(watcher, g.id)).undoable, false, 'a spectator never may');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'the log with its undos replays to the snapshot');
});

t.test('resign: the opponent wins at once; the game is over', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  t.match(await playUntilUnderway([g.caesar, g.pompey], g.id), { underway: true, view: { turn: 2 } }, 'JC: underway once turn 2 begins');
  const res = await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  t.equal(res.status, 200);
  t.match(res.body, {
    status: 'finished',
    pending: [],
    legalActions: [],
    deadline: null,
    outcome: { winner: 'Caesar', reason: 'Pompey resigned', vp: { Caesar: Number, Pompey: Number } },
    finishedAt: String,
  });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'done' }, version: res.body.version }), { status: 409, body: { code: 'conflict', detail: 'The game is over.' } });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/resign`), { status: 409 });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/undo`), { status: 409 });
  const log = (await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries;
  t.equal(log[log.length - 1], 'Pompey resigned: Caesar wins.');
  // Issue 41: the board's own log (the answer's view) ends with the outcome too, for everyone.
  t.equal(res.body.view.log.at(-1), 'Pompey resigned: Caesar wins.', 'the resigning player\'s answer');
  t.equal(res.body.logLength, log.length, 'counted in the log\'s length');
  t.equal((await look(g.caesar, g.id)).view.log.at(-1), 'Pompey resigned: Caesar wins.', 'the winner\'s board');
  t.match(await look(g.caesar, g.id), { status: 'finished', outcome: res.body.outcome, view: { role: 'Caesar' } });
  const mine = (await g.caesar.client.get('/v1/games?mine=true&status=finished')).body.items;
  t.match(mine, [{ id: g.id, outcome: { winner: 'Caesar' } }]);
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] });

  const other = await startGame(s);
  t.match(await other.caesar.client.post(`/v1/games/${other.id}/resign`, { version: 0 }), { status: 409, body: { code: 'stale_version' } });
  // Before each side has made its moves of the first turn, a resignation aborts the game (issue 38.2).
  const command = await toCommand(other);
  t.equal(command.underway, false, 'turn 1: not underway');
  const aborted = await other.pompey.client.post(`/v1/games/${other.id}/resign`, {});
  t.match(aborted.body, { status: 'finished', underway: false, outcome: { winner: null, aborted: true, reason: 'Pompey resigned before each side had made its moves of the first turn: the game is aborted' } });
  t.equal((await s.db.prisma.game.findUniqueOrThrow({ where: { id: other.id } })).status, 'abandoned', 'stored as ended without a result');
  t.same(await verifyGames(s.db.prisma), { checked: 2, mismatches: [] });
  const open = (await other.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.match(await other.caesar.client.post(`/v1/games/${open.id}/resign`), { status: 409, body: { detail: /not started/ } });
  t.match(await other.pompey.client.post(`/v1/games/${open.id}/resign`), { status: 403 });
});
