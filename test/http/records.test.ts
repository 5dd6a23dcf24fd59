// Fair dice, records, transcripts and past positions over HTTP (issues 27 and 29): the commitment
// public from a game's creation and the players' seeds from the start; the generator keyed by the
// server's seed and both players' (the joiner's seed changes the first deal); records,
// transcripts and positions for players, observers and strangers during a game (each reader's
// share only, compared with the views that reader was served; never the seed) and after it
// (everything, the seed too, and it checks); `npm run check-record` on a file and on the
// database; positions' authorisation and bounds; a game created before commitments. Issue 38:
// finished records signed by Alea, each forgery of the review failing with its own reason, the
// keys published and rotated, every kind of seat checked, finished records made once and kept,
// running ones kept per reader and version.
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { replayGame } from '../../src/app/games/history.js';
import { forgetReplays } from '../../src/app/games/record/replays.js';
import { findStoredRecord, saveStoredRecord } from '../../src/store/records.js';
import { forgetFinishedRecords } from '../../src/app/games/record/stored.js';
import { runAbandonments } from '../../src/app/games/time-controls.js';
import { startComputer } from '../../src/app/computer/start.js';
import { games } from '../../src/engine/index.js';
import { diceKey, seedCommitment } from '../../src/engine/kit/dice.js';
import { checkCommitment, checkRecord, checkReplay, fullViewOf, keyIdOf, LOG_VERSION, logOf, recordParts, signedMessage, type CheckName, type CheckOptions, type CheckResult, type GameRecord } from '../../src/engine/record.js';
import { act, apiServer, discardBoth, look, playUntilUnderway, startGame, toCommand, type ApiServer, type User } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { TINY } from '../helpers/computer.js';
import { nodeArgs } from '../helpers/entry.js';
import { testDatabase } from '../helpers/db.js';
import { TEST_RECORD_KEY, TEST_TIME } from '../helpers/server.js';
import { testSeed } from '../helpers/seeds.js';

const jc = games['julius-caesar']!;

async function ok(u: User, path: string): Promise<any> {
  const res = await u.client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

t.test('the commitment is public from creation, the players\' seeds from the start; bad seeds are refused', async (t) => {
  const s = await apiServer(t);
  const [a, b, c] = [await s.signUp('Marcus'), await s.signUp('Gnaeus'), await s.signUp('Titus')];
  const mine = testSeed(1);
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', playerSeed: mine });
  t.equal(created.status, 201);
  const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: created.body.id } });
  t.equal(created.body.seedCommitment, seedCommitment(row.seed), 'the SHA-256 of the server\'s seed, from creation');
  t.equal(row.seedCommitment, created.body.seedCommitment);
  t.notOk('seed' in created.body, 'not the seed');
  t.match(created.body.players, [{ role: 'Caesar', playerSeed: mine, playerSeedBy: 'player' }]);
  const lobby = await ok(c, '/v1/games?status=open');
  t.match(lobby.items.find((g: any) => g.id === created.body.id), { seedCommitment: row.seedCommitment, players: [{ playerSeed: mine }] }, 'the joiner sees it in the lobby');

  for (const bad of [mine.toUpperCase(), mine.slice(1), 42, `${mine}0`]) {
    const res = await b.client.post(`/v1/games/${created.body.id}/join`, { playerSeed: bad });
    t.equal(res.status, 400, `playerSeed ${JSON.stringify(bad).slice(0, 12)} refused`);
    t.equal(res.body.code, 'validation_failed');
  }
  t.equal((await look(a, created.body.id)).status, 'open', 'and nothing changed');
  t.equal((await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', playerSeed: 'x'.repeat(64) })).status, 400);

  const joined = await b.client.post(`/v1/games/${created.body.id}/join`, {});
  t.equal(joined.status, 200);
  const theirs = joined.body.players.find((p: any) => p.role === 'Pompey');
  t.match(theirs, { playerSeed: /^[0-9a-f]{64}$/, playerSeedBy: 'server' }, 'a client that sends none gets one drawn by the server, and is told so');
  t.notOk('seed' in joined.body);
  const watched = await look(c, created.body.id);
  t.same(watched.players.map((p: any) => p.playerSeed), [mine, theirs.playerSeed], 'public to anyone who may see the game');
});

t.test('the dice are keyed by the server\'s seed and both players\' seeds: the joiner\'s changes the deal', async (t) => {
  const s = await apiServer(t);
  const server = testSeed(7);
  const creator = testSeed(8);
  // Three games with the same server seed (set in the row before the join, as drawn) and creator seed.
  const hands: string[] = [];
  const joiners = [testSeed(9), testSeed(10), testSeed(9)];
  for (const joiner of joiners) {
    const [a, b] = [await s.signUp('Marcus'), await s.signUp('Gnaeus')];
    const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', playerSeed: creator });
    await s.db.prisma.game.update({ where: { id: created.body.id }, data: { seed: server, seedCommitment: seedCommitment(server) } });
    const joined = await b.client.post(`/v1/games/${created.body.id}/join`, { playerSeed: joiner });
    t.equal(joined.status, 200);
    const snap = await s.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: created.body.id } });
    t.equal((snap.state as any).rng.key, diceKey(server, ['Caesar', 'Pompey'], { Caesar: creator, Pompey: joiner }), 'the key is SHA-256(server ‖ Caesar\'s ‖ Pompey\'s)');
    // The first cards dealt (Caesar's hand once the Year's deal is made).
    const g = { id: created.body.id, caesar: { ...a, role: 'Caesar' }, pompey: { ...b, role: 'Pompey' } } as any;
    hands.push(JSON.stringify((await look(a, g.id)).view.hand));
  }
  t.not(hands[0], hands[1], 'another joiner\'s seed, another deal');
  t.equal(hands[0], hands[2], 'the same seeds, the same deal');
});

/** A game to the Year's first command, plus a move by Caesar: both players have acted. Returns every answer each player got. */
async function midGame(s: ApiServer, create: Record<string, unknown> = {}) {
  const g = await startGame(s, create);
  const command = await toCommand(g);
  await act(g.caesar, g.id, command.legalActions.find((a: any) => a.type === 'move'));
  return g;
}

const word = (id: string) => new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);

/** The block and card ids the engine's view for `role` (null: an observer) hides now: the full view's, less the role's own. */
function hiddenFrom(state: unknown, role: string | null): Set<string> {
  const full = jc.fullView!(state) as any;
  const own = jc.view(state, role) as any;
  const seen = new Set<string>([...own.blocks.map((b: any) => b.id), ...(own.hand ?? [])].filter(Boolean));
  const all = [...full.blocks.map((b: any) => b.id), ...full.hands.Caesar, ...full.hands.Pompey];
  return new Set(all.filter((id: string) => !seen.has(id)));
}

t.test('during a game: each reader\'s share only, the views they were served, never the seed', async (t) => {
  const s = await apiServer(t);
  const g = await midGame(s);
  const observer = await s.signUp('Watcher');
  const caesarGame = await look(g.caesar, g.id);
  const version = caesarGame.version;
  const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: g.id } });
  const entries = await s.db.prisma.gameAction.findMany({ where: { gameId: g.id }, orderBy: { seq: 'asc' } });
  // The state now, replayed as the service keys it (the snapshot's state keeps its log in rows).
  const seats = await s.db.prisma.gamePlayer.findMany({ where: { gameId: g.id } });
  const state = replayGame(jc, { ...row, players: seats }, entries.map((e) => ({ seq: e.seq, role: e.role, action: e.action as any })).filter((_, i) => entries[i]!.kind === 'action'));
  const discard = (entries.find((e) => e.role === 'Caesar' && (e.action as any).type === 'discard')!.action as any).card as string;

  for (const [who, u, role] of [['Caesar', g.caesar, 'Caesar'], ['Pompey', g.pompey, 'Pompey'], ['an observer', observer, null]] as const) {
    const record = await ok(u, `/v1/games/${g.id}/record`);
    t.match(record, { format: 'alea-record/2', status: 'active', reader: { role, complete: false }, verifiable: false, seedCommitment: row.seedCommitment, result: null }, `${who}: a running game's record`);
    t.notOk('seed' in record, `${who}: no seed`);
    t.notOk('signature' in record, `${who}: not signed while the game runs`);
    t.equal(record.entries.length, version);
    for (const e of record.entries) {
      if (e.kind !== 'action') continue;
      if (e.role === role) t.same(e.action, entries[e.seq - 1]!.action, `${who}: their own action ${e.seq}`);
      else if ('action' in e) t.fail(`${who}: ${e.role}'s action ${e.seq} is shown`);
    }
    // The last position is the view the reader gets of the game now; a view is what they saw then.
    const last = await ok(u, `/v1/games/${g.id}/positions/${version}`);
    const now = await look(u, g.id);
    t.same(last.view, now.view, `${who}: position ${version} is the game's view now`);
    t.match(last, { n: version, version, full: false, role, status: 'active', logLength: now.logLength });
    t.equal(last.view.role, role, `${who}: the reader's own view, never the full one`);
    t.notOk('full' in last.view);
    const log = await ok(u, `/v1/games/${g.id}/log`);
    t.same(record.entries.flatMap((e: any) => e.log), log.entries, `${who}: the record's lines are the reader's log`);
    const transcript = await u.client.get(`/v1/games/${g.id}/transcript`);
    t.equal(transcript.status, 200);
    t.match(transcript.headers.get('content-type'), /^text\/plain/);
    t.match(transcript.text, /^Alea game #\d+: Julius Caesar\nPlayers: Caesar \(Marcus\) against Pompey \(Gnaeus\)\n/);
    for (const line of log.entries) t.ok(transcript.text.includes(line), `${who}: the transcript has "${line.slice(0, 30)}"`);
    // Caesar's secret discard: his alone while the Year runs.
    const texts = JSON.stringify(record) + transcript.text + JSON.stringify(await Promise.all(Array.from({ length: version }, (_, i) => ok(u, `/v1/games/${g.id}/positions/${i + 1}`))));
    t.equal(texts.includes(discard), role === 'Caesar', `${who}: Caesar's discard ${discard} ${role === 'Caesar' ? 'shown' : 'hidden'}`);
    t.notOk(texts.includes(row.seed.slice(0, 12)), `${who}: nothing of the seed`);
    // What the engine hides from this reader now (no battle has revealed a block yet, so it was
    // hidden all along): the other side's blocks and hand, by id, appear nowhere in their share.
    const secrets = [...hiddenFrom(state, role)];
    t.ok(secrets.length > 10, `${who}: ${secrets.length} ids hidden from them`);
    t.same(secrets.filter((id) => word(id).test(texts)), [], `${who}: none of the blocks and cards the engine hides from them`);
  }
  // A player's past positions are the views they were served then.
  const answers: any[] = [];
  const h = await startGame(s);
  answers.push(await look(h.caesar, h.id));
  const mineNow = await look(h.caesar, h.id);
  answers.push(await act(h.caesar, h.id, mineNow.legalActions.find((a: any) => a.type === 'discard')));
  await act(h.pompey, h.id, (await look(h.pompey, h.id)).legalActions.find((a: any) => a.type === 'discard'));
  const after = await look(h.caesar, h.id);
  answers.push(after);
  answers.push(await act(h.caesar, h.id, { type: 'play', card: after.legalActions.find((a: any) => a.type === 'play').card }));
  for (const a of answers) {
    const p = await ok(h.caesar, `/v1/games/${h.id}/positions/${a.version}`);
    t.same(p.view, a.view, `Caesar's position ${a.version} is the view he was served at version ${a.version}`);
  }
});

t.test('positions: who may read them, and which n', async (t) => {
  const s = await apiServer(t);
  const g = await midGame(s, { visibility: 'private' });
  const stranger = await s.signUp('Stranger');
  const version = (await look(g.caesar, g.id)).version;
  for (const path of [`/v1/games/${g.id}/positions/1`, `/v1/games/${g.id}/record`, `/v1/games/${g.id}/transcript`]) {
    t.equal((await stranger.client.get(path)).status, 404, `a stranger to a private game: ${path.split('/').pop()}`);
    t.equal((await s.anon.get(path)).status, 401, 'no token');
  }
  t.equal((await g.caesar.client.get(`/v1/games/${g.id}/positions/${version + 1}`)).status, 404, 'past the last entry');
  for (const bad of ['0', '-1', 'x', '1.5', '99999999999']) {
    const res = await g.caesar.client.get(`/v1/games/${g.id}/positions/${bad}`);
    t.equal(res.status, 400, `n = ${bad}`);
    t.equal(res.body.code, 'validation_failed');
  }
  const first = await ok(g.pompey, `/v1/games/${g.id}/positions/1`);
  t.match(first, { n: 1, entry: { seq: 1, kind: 'start', role: 'Pompey' }, full: false });
  t.equal(first.view.phase, 'discard');
  const open = await g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.equal((await g.caesar.client.get(`/v1/games/${open.body.id}/positions/1`)).status, 404, 'an open game has no positions');
  t.equal((await g.caesar.client.get(`/v1/games/${open.body.id}/record`)).status, 409, 'nor a record');
  t.equal((await g.caesar.client.get('/v1/games/01900000-0000-7000-8000-000000000001/positions/1')).status, 404);
});

/** `npm run check-record` with these arguments, in a process of its own (the test's server answers meanwhile). */
function checkRecordCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs('src/cli/check-record.ts'), ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** What checking a record online takes from the server, as anyone (no token): its keys, and the commitment it shows for the record's game. */
async function online(s: ApiServer, record: { id: string }): Promise<CheckOptions> {
  const keys = await s.anon.get('/v1/record-keys');
  if (keys.status !== 200) throw new Error(`record-keys: ${keys.status}`);
  const commitment = await s.anon.get(`/v1/games/${record.id}/commitment`);
  return { keys: keys.body.keys, server: commitment.status === 404 ? null : commitment.body };
}

/** The checks that did not pass, by name: their reasons. */
function failed(result: CheckResult): Partial<Record<CheckName, string>> {
  return Object.fromEntries(result.checks.filter((c) => c.status !== 'passed').map((c) => [c.name, `${c.status === 'not checked' ? 'not checked: ' : ''}${c.reason}`]));
}

t.test('after the end: everything, the seed too, signed; the record checks, here and with npm run check-record', async (t) => {
  const s = await apiServer(t);
  const g = await midGame(s);
  const stranger = await s.signUp('Stranger');
  // An undo and a resignation in the log too.
  const command = await look(g.caesar, g.id);
  await act(g.caesar, g.id, command.legalActions.find((a: any) => a.type === 'move'));
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/undo`, {})).status, 200);
  await playUntilUnderway([g.caesar, g.pompey], g.id); // a resignation then ends it with a result
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: g.id } });
  const entries = await s.db.prisma.gameAction.findMany({ where: { gameId: g.id }, orderBy: { seq: 'asc' } });

  const game = await look(stranger, g.id);
  t.equal(game.seed, row.seed, 'the finished game\'s answer publishes the seed');
  t.equal(seedCommitment(game.seed), game.seedCommitment);
  const record = await ok(stranger, `/v1/games/${g.id}/record`);
  t.match(record, { format: 'alea-record/2', status: 'finished', reader: { role: null, complete: true }, verifiable: true, seed: row.seed, result: { winner: 'Caesar', reason: 'Pompey resigned' } });
  t.same(record.entries.map((e: any) => [e.seq, e.kind, e.role]), entries.map((e) => [e.seq, e.kind, e.role]));
  for (const e of record.entries) if (e.kind === 'action') t.same(e.action, entries[e.seq - 1]!.action, `action ${e.seq}`);
  t.match(record.entries.at(-1), { kind: 'resign', note: 'Pompey resigned.' });
  t.match(record.entries.find((e: any) => e.kind === 'undo'), { note: 'Caesar took back their last action.', action: { undoes: Number } });
  const keys = (await s.anon.get('/v1/record-keys')).body;
  t.match(record.signature, { keyId: keys.keys[0].keyId, algorithm: 'Ed25519', value: /^[\w-]{86}$/ }, 'signed with the current key');
  const checked = checkRecord(record, await online(s, record));
  t.ok(checked.ok, `the record checks: ${checked.problem ?? ''}`);
  t.same(checked.checks.map((c) => [c.name, c.status]), [['signature', 'passed'], ['commitment', 'passed'], ['replay', 'passed']]);
  t.match(checked.checks[1]!.held.at(-1), /^It is the commitment Alea shows for its game #\d+/, 'online, the commitment is the one Alea shows');
  t.same(await ok(g.caesar, `/v1/games/${g.id}/record`), record, 'the same record, signature and all, for a player once it is over');

  // Positions: the whole board.
  const last = await ok(stranger, `/v1/games/${g.id}/positions/${record.entries.length}`);
  t.match(last, { full: true, status: 'finished', role: null });
  t.equal(last.view.full, true);
  t.ok(last.view.blocks.every((b: any) => b.name && b.strength), 'every block with its identity and strength');
  t.same([last.view.hands.Caesar.length, last.view.hands.Pompey.length], [4, 4], 'both hands (6 dealt, a discard and a play each)');
  t.same(last.view.discards, { Caesar: (entries[1]!.action as any).card ?? last.view.discards.Caesar, Pompey: last.view.discards.Pompey });
  const transcript = await stranger.client.get(`/v1/games/${g.id}/transcript`);
  t.match(transcript.text, new RegExp(`Seed: ${row.seed}\\n`));
  t.match(transcript.text, /Result: Caesar wins \(Pompey resigned\)/);

  // The check command: on a file with the keys from a file (nothing fetched), from the server's API, or none; on the database.
  const dir = mkdtempSync(join(tmpdir(), 'alea-record-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'record.json');
  const keysFile = join(dir, 'keys.json');
  writeFileSync(file, JSON.stringify(record));
  writeFileSync(keysFile, JSON.stringify(keys));
  const good = await checkRecordCli([file, '--keys', keysFile]);
  t.equal(good.code, 0, good.out);
  t.match(good.out, new RegExp(`keys: 1 from ${keysFile} \\(${keys.keys[0].keyId}\\); nothing fetched`), 'it says where the keys came from');
  t.match(good.out, /signature: passed\n  ok: Alea signed this record with its key/);
  t.match(good.out, /commitment: passed\n  ok: The seed [0-9a-f]{12}… is the one committed to/);
  t.match(good.out, /replay: passed\n/);
  t.match(good.out, /The record holds/);
  const fetched = await checkRecordCli([file, '--server', s.base]);
  t.equal(fetched.code, 0, fetched.out);
  t.match(fetched.out, new RegExp(`keys: 1 fetched from ${s.base}/v1/record-keys`));
  t.match(fetched.out, /commitment: compared with the one .*\/commitment shows/);
  t.match(fetched.out, /ok: It is the commitment Alea shows for its game/);
  const keyless = await checkRecordCli([file]);
  t.equal(keyless.code, 1, 'without keys the record does not hold: its signature is not checked');
  t.match(keyless.out, /keys: none given .*nothing fetched/);
  t.match(keyless.out, /signature: not checked: No public keys/);
  const db = await checkRecordCli(['--game', `#${row.number}`], { DATABASE_URL: s.db.url, DATA_DIR: dir, RECORD_SIGNING_KEY: TEST_RECORD_KEY.privateKey });
  t.equal(db.code, 0, db.out);
  t.match(db.out, new RegExp(`checking game #${row.number}`));
  t.match(db.out, /keys: this configuration's/);
  t.match(db.out, /record: the one kept for the game \(game_records\)/, 'the record Alea kept (read above)');
  // A kept record changed in the database fails its signature there.
  const kept = (await findStoredRecord(s.db.prisma, g.id))!;
  await saveStoredRecord(s.db.prisma, g.id, { ...kept, record: kept.record.replace('"Gnaeus"', '"Gnaeus Magnus"') }, new Date());
  const tampered = await checkRecordCli(['--game', g.id], { DATABASE_URL: s.db.url, DATA_DIR: dir, RECORD_SIGNING_KEY: TEST_RECORD_KEY.privateKey });
  t.equal(tampered.code, 1, tampered.out);
  t.match(tampered.out, /signature: FAILED: The record was changed after Alea signed it: its details/);
  await saveStoredRecord(s.db.prisma, g.id, kept, new Date());

  const changedSeed = { ...record, seed: testSeed(5) };
  writeFileSync(file, JSON.stringify(changedSeed));
  const bad = await checkRecordCli([file, '--keys', keysFile]);
  t.equal(bad.code, 1, bad.out);
  t.match(bad.out, /signature: FAILED: The record was changed after Alea signed it: its details/);
  t.match(bad.out, /commitment: FAILED: The seed does not match the commitment/);
  t.match(bad.out, /FAILED: signature: /, 'the first failure, last');
  const changedAction = structuredClone(record);
  const discard = changedAction.entries.find((e: any) => e.kind === 'action' && e.action.type === 'discard');
  const hand = (await ok(stranger, `/v1/games/${g.id}/positions/${discard.seq - 1}`)).view.hands[discard.role] as string[];
  discard.action.card = hand.find((c) => c !== discard.action.card);
  writeFileSync(file, JSON.stringify(changedAction));
  const moved = await checkRecordCli([file, '--keys', keysFile]);
  t.equal(moved.code, 1, moved.out);
  t.match(moved.out, new RegExp(`replay: FAILED: Entry ${discard.seq} \\(action by ${discard.role}\\) replays differently`));
  t.equal((await checkRecordCli([])).code, 2, 'usage');
  t.equal((await checkRecordCli([join(dir, 'missing.json')])).code, 2, 'no such file');
  t.equal((await checkRecordCli([file, '--keys', file])).code, 2, 'a keys file with no keys');
});

/** A game of Julius Caesar made up offline: its own id, seeds and commitment, a start and a resignation, written as Alea writes records. */
function madeUp(id: string, number: number): GameRecord {
  const seed = testSeed(31);
  const players = [
    { role: 'Caesar', name: 'Marcus', playerSeed: testSeed(32), playerSeedBy: 'player' as const },
    { role: 'Pompey', name: 'Gnaeus', playerSeed: testSeed(33), playerSeedBy: 'player' as const },
  ];
  const first = jc.setup(diceKey(seed, jc.roles, { Caesar: testSeed(32), Pompey: testSeed(33) }), { scenario: 'historical' });
  const at = '2026-01-01T12:00:00.000Z';
  return {
    format: 'alea-record/2', id, number, game: 'julius-caesar', title: 'Julius Caesar', options: { scenario: 'historical' }, status: 'finished', bot: null, computer: null,
    createdAt: at, startedAt: at, finishedAt: at, players, seedCommitment: seedCommitment(seed), seed, reader: { role: null, complete: true }, verifiable: true,
    entries: [
      { seq: 1, kind: 'start', role: 'Pompey', at, log: logOf(fullViewOf(jc, first)) },
      { seq: 2, kind: 'resign', role: 'Pompey', at, log: [], note: 'Pompey resigned.' },
    ],
    // Resigned at once: aborted, as the rules of ending have it (the forger knows them).
    result: { winner: null, reason: 'Pompey resigned before each side had made its moves of the first turn: the game is aborted', vp: { Caesar: 0, Pompey: 0 }, aborted: true },
  };
}

t.test('a record vouches for itself: each forgery of the review fails, with its own reason (issue 38)', async (t) => {
  const s = await apiServer(t);
  const g = await midGame(s);
  await playUntilUnderway([g.caesar, g.pompey], g.id); // its resignation then has a winner, which a forger would flip
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const record = await ok(g.caesar, `/v1/games/${g.id}/record`);
  const options = await online(s, record);
  t.ok(checkRecord(record, options).ok, 'the real record holds');
  const copy = () => structuredClone(record);

  await t.test('a game made up offline, with its own seed and commitment', async (t) => {
    const fake = madeUp(randomUUID(), 9999);
    t.ok(checkReplay(jc, fake).status === 'passed' && checkCommitment(fake, undefined).status === 'passed', 'its dice and moves hold together, as they did before');
    const result = checkRecord(fake, await online(s, fake));
    t.notOk(result.ok);
    t.match(failed(result), { signature: /^The record carries no signature: Alea signs the record of every finished game/, commitment: new RegExp(`^Alea shows no finished game with the id ${fake.id}`) });
    // The same made-up game passed off as a real one: its id and number, and a signature of its own.
    const posing = madeUp(record.id, record.number);
    const mine = generateKeyPairSync('ed25519');
    const keyId = keyIdOf(mine.publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
    const parts = recordParts(posing);
    const signed = { ...posing, signature: { keyId, algorithm: 'Ed25519' as const, parts, value: sign(null, signedMessage(keyId, parts), mine.privateKey).toString('base64url') } };
    t.match(failed(checkRecord(signed, await online(s, signed))), {
      signature: new RegExp(`^The record is signed with the key ${keyId}, which is not one of Alea's`),
      commitment: new RegExp(`^Alea committed to [0-9a-f]{12}… for its game ${record.id} \\(#${record.number}\\), not to the record's`),
    });
  });

  await t.test('a real record with the names, the number and the dates changed', async (t) => {
    const forged = copy();
    forged.players[0].name = 'Gaius Julius';
    forged.number = 7;
    forged.finishedAt = '2025-03-15T12:00:00.000Z';
    const result = checkRecord(forged, options);
    t.same(failed(result), { signature: 'The record was changed after Alea signed it: its details (the game, its number, who played it and under which names, the seeds, the dates) differs from what Alea signed.' });
    t.equal(result.problem, `signature: ${failed(result).signature}`);
  });

  await t.test('the resigning side swapped: the winner flips', async (t) => {
    const forged = copy();
    forged.entries.at(-1).role = 'Caesar';
    forged.entries.at(-1).note = 'Caesar resigned.';
    forged.result = { ...forged.result, winner: 'Pompey', reason: 'Caesar resigned' };
    t.same(failed(checkRecord(forged, options)), { signature: 'The record was changed after Alea signed it: its entries (the moves and what they wrote); its result differ from what Alea signed.' }, 'it replays: only the signature tells');
  });

  await t.test('a record cut short and ended with a resignation', async (t) => {
    const forged = copy();
    forged.entries = forged.entries.slice(0, 3);
    forged.entries.push({ seq: 4, kind: 'resign', role: 'Caesar', at: forged.entries[2].at, log: [], note: 'Caesar resigned.' });
    // Cut within turn 1, the resignation aborts the game: the forger writes the result the rules give.
    forged.result = { winner: null, reason: 'Caesar resigned before each side had made its moves of the first turn: the game is aborted', vp: { Caesar: 0, Pompey: 0 }, aborted: true };
    // (Every entry is at the test clock's one time: it ends an hour earlier than the real game.)
    forged.finishedAt = new Date(Date.parse(record.finishedAt) - 3600_000).toISOString();
    t.match(failed(checkRecord(forged, options)), { signature: /^The record was changed after Alea signed it: its details .*; its entries .*; its result differ/ });
    t.same(Object.keys(failed(checkRecord(forged, options))), ['signature'], 'it replays: only the signature tells');
  });

  await t.test('a time-out claim appended', async (t) => {
    const forged = copy();
    const end = forged.entries.at(-1);
    forged.entries.push({ seq: end.seq + 1, kind: 'timeout', role: 'Pompey', at: end.at, action: { late: 'Caesar' }, log: [], note: 'Pompey won on time: Caesar ran out of time.' });
    forged.result = { ...forged.result, winner: 'Pompey', reason: 'Caesar ran out of time' };
    t.same(failed(checkRecord(forged, options)), {
      signature: 'The record was changed after Alea signed it: its entries (the moves and what they wrote); its result differ from what Alea signed.',
      replay: `Entry ${end.seq + 1} (timeout by Pompey) follows the end of the game: entry ${end.seq} (resign by Pompey) ended it.`,
    });
  });
});

t.test('record keys: published for anyone, with ids; a rotated key still checks its records; a game\'s commitment for anyone once it is over (issue 38)', async (t) => {
  const db = await testDatabase(t);
  const s = await apiServer(t, { db });
  const g = await midGame(s, { visibility: 'private' });
  t.equal((await s.anon.get(`/v1/games/${g.id}/commitment`)).status, 404, 'a game in progress, private or not: nothing for a stranger');
  t.equal((await s.anon.get(`/v1/games/${randomUUID()}/commitment`)).status, 404, 'nor a game that does not exist');
  t.equal((await s.anon.get('/v1/games/nope/commitment')).status, 400);
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const commitment = await s.anon.get(`/v1/games/${g.id}/commitment`);
  t.same(commitment.body, { id: g.id, number: g.game.number, game: 'julius-caesar', seedCommitment: g.game.seedCommitment }, 'once over, anyone may read its commitment (by its id, which its record holds)');
  const res = await s.anon.get('/v1/record-keys');
  t.equal(res.status, 200, 'no token needed');
  t.match(res.headers.get('cache-control'), /public, max-age=300/);
  const [key] = res.body.keys;
  t.match(res.body, { keys: [{ algorithm: 'Ed25519', current: true, since: TEST_RECORD_KEY.since, publicKey: /^[\w-]{43}$/, pem: /^-----BEGIN PUBLIC KEY-----\n/ }] });
  t.equal(key.keyId, keyIdOf(Buffer.from(key.publicKey, 'base64url')), 'its id is its public key\'s');
  t.equal(createPublicKey(key.pem).export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url'), key.publicKey, 'the PEM is the same key');
  const old = await ok(g.caesar, `/v1/games/${g.id}/record`);
  t.equal(old.signature.keyId, key.keyId);

  // The key rotated: a new one signs; the old one, still published, checks the records it signed.
  const newKey = { privateKey: Buffer.alloc(32, 5).toString('base64url'), since: '2026-06-01T00:00:00.000Z' };
  const rotated = await apiServer(t, { db, config: { recordSigningKey: newKey, recordOldKeys: [{ publicKey: key.publicKey, since: TEST_RECORD_KEY.since }] } });
  const keys = (await rotated.anon.get('/v1/record-keys')).body.keys;
  t.match(keys, [{ current: true, since: newKey.since }, { keyId: key.keyId, current: false, publicKey: key.publicKey }], 'the new key first, the old one after');
  t.ok(checkRecord(old, await online(rotated, old)).ok, 'a record signed with the old key still checks');
  const h = await midGame(rotated);
  t.equal((await h.pompey.client.post(`/v1/games/${h.id}/resign`, {})).status, 200);
  const fresh = await ok(h.caesar, `/v1/games/${h.id}/record`);
  t.equal(fresh.signature.keyId, keys[0].keyId, 'a new record is signed with the new key');
  t.ok(checkRecord(fresh, await online(rotated, fresh)).ok);
  // A key taken out of the published ones (a leaked key, say): its records no longer check.
  const dropped = await apiServer(t, { db, config: { recordSigningKey: newKey, recordOldKeys: [] } });
  t.match(failed(checkRecord(old, await online(dropped, old))), { signature: new RegExp(`signed with the key ${key.keyId}, which is not one of Alea's`) });
});

t.test('a game against the bot: the key is made of the server\'s seed and the player\'s, and its record checks', async (t) => {
  const s = await apiServer(t);
  const roman = await s.signUp('Labienus');
  const mine = testSeed(21);
  const created = await roman.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'random', opponent: 'bot', playerSeed: mine });
  t.equal(created.status, 201);
  t.match(created.body, { bot: 'Barbarian', players: [{ role: 'Roman', playerSeed: mine, playerSeedBy: 'player' }] });
  for (let k = 0; k < 6; k++) {
    const game = await look(roman, created.body.id);
    if (!game.legalActions.length) break;
    await act(roman, created.body.id, game.legalActions[0]);
  }
  t.equal((await roman.client.post(`/v1/games/${created.body.id}/resign`, {})).status, 200);
  const record = await ok(roman, `/v1/games/${created.body.id}/record`);
  t.match(record, { bot: 'Barbarian', players: [{ role: 'Roman', playerSeed: mine }], verifiable: true });
  const checked = checkRecord(record, await online(s, record));
  t.ok(checked.ok, checked.problem ?? 'checks');
  t.match(checked.checks[2]!.held[0], /SHA-256 of the server's seed and the seeds of Roman \(Labienus\), in that order; Barbarian is the rulebook bot's, which adds none/);
  const full = await ok(roman, `/v1/games/${created.body.id}/positions/${record.entries.length}`);
  t.ok(full.view.full && full.view.blocks.every((b: any) => b.id), 'the whole board of Gaul');
});

t.test('a game created before dice commitments keeps working; its record says it cannot be verified', async (t) => {
  const s = await apiServer(t);
  const [a, b] = [await s.signUp('Marcus'), await s.signUp('Gnaeus')];
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  // As such a game is stored: no commitment, no player seeds.
  await s.db.prisma.game.update({ where: { id: created.body.id }, data: { seedCommitment: null } });
  await s.db.prisma.gamePlayer.updateMany({ where: { gameId: created.body.id }, data: { playerSeed: null, playerSeedByServer: false } });
  const joined = await b.client.post(`/v1/games/${created.body.id}/join`, { playerSeed: testSeed(3) });
  t.equal(joined.status, 200);
  t.match(joined.body, { seedCommitment: null, players: [{ playerSeed: null, playerSeedBy: null }, { playerSeed: null, playerSeedBy: null }] }, 'the joiner\'s seed is not used');
  const row = await s.db.prisma.game.findUniqueOrThrow({ where: { id: created.body.id } });
  const snap = await s.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: row.id } });
  t.equal((snap.state as any).rng.key, row.seed, 'keyed by its seed alone, as before');
  const g = { id: row.id, caesar: { ...a, role: 'Caesar' }, pompey: { ...b, role: 'Pompey' }, byRole: {}, game: joined.body };
  await discardBoth(g as any);
  t.equal((await b.client.post(`/v1/games/${row.id}/resign`, {})).status, 200);
  const game = await look(a, row.id);
  t.notOk('seed' in game, 'no seed is published: there was no commitment');
  const record = await ok(a, `/v1/games/${row.id}/record`);
  t.match(record, { seedCommitment: null, verifiable: false, unverifiableReason: /created before dice commitments/, reader: { complete: true } });
  t.notOk('seed' in record);
  t.match(record.signature, { algorithm: 'Ed25519' }, 'signed: the record is Alea\'s, though its dice cannot be checked');
  t.match(failed(checkRecord(record, await online(s, record))), { commitment: /created before dice commitments/ });
  t.equal(checkRecord(record, await online(s, record)).checks[0]!.status, 'passed');
  t.match(await ok(a, `/v1/games/${row.id}/positions/3`), { full: true, n: 3 }, 'its positions replay');
  t.same(jc.roles, ['Caesar', 'Pompey']);
});

/** Random legal moves by the people of game `id` (`seats` by role) for `moves` moves, the computer's runner (if any) moving for its role. */
async function playFor(id: string, seats: Record<string, User>, moves: number, seed: number, computer?: { fill(): Promise<number>; settle(): Promise<void> }): Promise<void> {
  const pick = chooser(seed);
  for (let k = 0; k < moves; k++) {
    const any = await look(Object.values(seats)[0]!, id);
    if (any.status !== 'active') return;
    const people = any.pending.filter((r: string) => seats[r]);
    if (people.length === 0) {
      if (!computer) return;
      await computer.fill();
      await computer.settle();
      continue;
    }
    const u = seats[people[pick(people.length)]]!;
    const mine = await look(u, id);
    if (!mine.legalActions.length) continue;
    const { label: _l, ...action } = mine.legalActions[pick(mine.legalActions.length)];
    const res = await u.client.post(`/v1/games/${id}/actions`, { action, version: mine.version });
    if (res.status !== 200 && res.status !== 409) throw new Error(`${JSON.stringify(action)}: ${res.status} ${res.text}`);
  }
}

t.test('every finished game checks, whoever held its seats: people, the rulebook bot, the computer at a level, in both games (issue 38)', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const computer = startComputer(s.app.services, { threads: 1, memoryMb: 256, budget: TINY })!;
  t.teardown(() => computer.stop());
  const DAY = 24 * 3600_000;

  const kinds: { name: string; game: string; role: string; opponent?: 'bot' | 'computer'; level?: string; end: 'resign' | 'claim' | 'abandoned' }[] = [
    { name: 'Julius Caesar, two people, resigned', game: 'julius-caesar', role: 'Caesar', end: 'resign' },
    { name: 'Julius Caesar, two people, a win on time', game: 'julius-caesar', role: 'Caesar', end: 'claim' },
    { name: 'Julius Caesar, two people, abandoned by both', game: 'julius-caesar', role: 'Caesar', end: 'abandoned' },
    { name: 'Julius Caesar, the computer (easy) as Pompey', game: 'julius-caesar', role: 'Caesar', opponent: 'computer', level: 'easy', end: 'resign' },
    { name: 'Julius Caesar, the computer (hard) as Caesar', game: 'julius-caesar', role: 'Pompey', opponent: 'computer', level: 'hard', end: 'resign' },
    { name: "Caesar's Gallic War, two people", game: 'caesars-gallic-war', role: 'Roman', end: 'resign' },
    { name: "Caesar's Gallic War, the rulebook bot", game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot', end: 'resign' },
    { name: "Caesar's Gallic War, the computer (normal) as Barbarian", game: 'caesars-gallic-war', role: 'Roman', opponent: 'computer', level: 'normal', end: 'resign' },
    { name: "Caesar's Gallic War, the computer (easy) as Roman", game: 'caesars-gallic-war', role: 'Barbarian', opponent: 'computer', level: 'easy', end: 'resign' },
  ];
  let n = 0;
  for (const kind of kinds) {
    await t.test(kind.name, async (t) => {
      n++;
      const m = games[kind.game]!;
      const other = m.roles.find((r) => r !== kind.role)!;
      const a = await s.signUp(`Marcus${n}`);
      const created = await a.client.post('/v1/games', { game: kind.game, role: kind.role, ...(kind.opponent && { opponent: kind.opponent }), ...(kind.level && { level: kind.level }), ...(!kind.opponent && { daysPerMove: 3 }) });
      t.equal(created.status, 201, created.text);
      const id = created.body.id as string;
      const seats: Record<string, User> = { [kind.role]: a };
      if (!kind.opponent) {
        const b = await s.signUp(`Gnaeus${n}`);
        t.equal((await b.client.post(`/v1/games/${id}/join`, {})).status, 200);
        seats[other] = b;
      }
      await playFor(id, seats, kind.end === 'abandoned' ? 0 : 12, 100 + n, kind.opponent === 'computer' ? computer : undefined);
      if (kind.end === 'resign') t.equal((await a.client.post(`/v1/games/${id}/resign`, {})).status, 200);
      else {
        // Past every deadline: a claim by whoever is not to move, or the worker's abandonment of both.
        const game = await look(a, id);
        clock.advance((kind.end === 'claim' ? 4 : 18) * DAY);
        if (kind.end === 'claim') {
          const claimant = Object.keys(seats).find((r) => !game.pending.includes(r));
          const late = game.pending.length === 1 ? game.pending[0] : null;
          if (!claimant || !late) {
            // Both to move (a sealed play): play one side, then claim against the other.
            await act(seats[game.pending[0]]!, id, (await look(seats[game.pending[0]]!, id)).legalActions[0]);
            clock.advance(4 * DAY);
          }
          const now = await look(a, id);
          const by = Object.keys(seats).find((r) => !now.pending.includes(r))!;
          const claim = await seats[by]!.client.post(`/v1/games/${id}/claim-timeout`, {});
          t.equal(claim.status, 200, claim.text);
        } else {
          t.equal(await runAbandonments(s.app.services, (_id, err) => t.error(err)), 1, 'abandoned');
        }
      }
      const record = await ok(a, `/v1/games/${id}/record`);
      t.match(record, { status: 'finished', bot: kind.opponent === 'bot' ? other : null, computer: kind.opponent === 'computer' ? { role: other, level: kind.level } : null });
      t.same(record.players.map((p: any) => p.role).sort(), Object.keys(seats).sort(), 'the people, and only they, are players');
      t.equal(record.entries.at(-1).kind, kind.end === 'resign' ? 'resign' : 'timeout');
      if (kind.opponent === 'computer') t.ok(record.entries.some((e: any) => e.kind === 'action' && e.role === other), 'the computer moved');
      const checked = checkRecord(record, await online(s, record));
      t.ok(checked.ok, `${record.entries.length} entries, ${record.result.reason}: ${checked.problem ?? 'checks'}`);
      const transcript = await a.client.get(`/v1/games/${id}/transcript`);
      t.match(transcript.text, new RegExp(`^Players: .*${other} \\((${kind.opponent === 'computer' ? `the computer, ${kind.level}` : kind.opponent === 'bot' ? 'the bot' : `Gnaeus${n}`})\\)`, 'm'), 'the transcript names who held the other seat');
    });
  }
});

t.test('a finished game\'s record and transcript are made once and kept; made again when a name or the key changes (issue 38)', async (t) => {
  const db = await testDatabase(t);
  const s = await apiServer(t, { db });
  const g = await midGame(s);
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  t.equal(await db.prisma.storedRecord.count(), 0, 'nothing is made before it is read');
  // Five first reads at once, by players and a stranger: one record, the same for all, kept.
  const stranger = await s.signUp('Stranger');
  const first = await Promise.all([g.caesar, g.pompey, stranger, g.caesar, g.pompey].map((u) => u.client.get(`/v1/games/${g.id}/record`)));
  t.ok(first.every((r) => r.status === 200 && r.text === first[0]!.text), 'the same record, byte for byte, for everyone');
  const row = await db.prisma.storedRecord.findUniqueOrThrow({ where: { gameId: g.id } });
  const kept = (await findStoredRecord(db.prisma, g.id))!;
  t.ok(row.bodyZ.length * 2 < kept.record.length + kept.transcript.length, `kept compressed: ${row.bodyZ.length} bytes for ${kept.record.length + kept.transcript.length} characters`);
  t.equal(kept.record, first[0]!.text, 'kept as it is served');
  t.equal(kept.keyId, first[0]!.body.signature.keyId);
  t.same(JSON.parse(kept.names), [['Caesar', 'Marcus'], ['Pompey', 'Gnaeus']]);
  t.equal(kept.transcript, (await stranger.client.get(`/v1/games/${g.id}/transcript`)).text, 'and its transcript with it');

  // Read from what is kept, not made again: a kept record changed behind Alea's back is what is served.
  forgetFinishedRecords();
  const marked = JSON.stringify(JSON.parse(kept.record), null, 1);
  await saveStoredRecord(db.prisma, g.id, { ...kept, record: marked, transcript: `${kept.transcript}(kept)\n` }, new Date());
  t.equal((await stranger.client.get(`/v1/games/${g.id}/record`)).text, marked, 'the record is the row kept');
  t.match((await stranger.client.get(`/v1/games/${g.id}/transcript`)).text, /\(kept\)\n$/, 'and so is the transcript');
  t.ok(checkRecord(JSON.parse(marked), await online(s, { id: g.id })).ok, '(which, being only laid out otherwise, still checks)');

  // A rename: made again with the new name, signed again.
  t.equal((await g.caesar.client.patch('/v1/me', { name: 'Gaius' })).status, 200);
  const renamed = await ok(stranger, `/v1/games/${g.id}/record`);
  t.same(renamed.players.map((p: any) => p.name), ['Gaius', 'Gnaeus'], 'the new name, as every other answer shows it');
  t.ok(checkRecord(renamed, await online(s, renamed)).ok, 'signed again');
  t.same(JSON.parse((await db.prisma.storedRecord.findUniqueOrThrow({ where: { gameId: g.id } })).names), [['Caesar', 'Gaius'], ['Pompey', 'Gnaeus']], 'and kept again');

  // The key that signed it taken out of the published ones: signed again with the current key.
  const newKey = { privateKey: Buffer.alloc(32, 6).toString('base64url'), since: null };
  const other = await apiServer(t, { db, config: { recordSigningKey: newKey, recordOldKeys: [] } });
  forgetFinishedRecords();
  const resigned = (await other.anon.withToken(stranger.token).get(`/v1/games/${g.id}/record`)).body;
  t.not(resigned.signature.keyId, renamed.signature.keyId, 'a key no longer published: signed with the current one');
  t.ok(checkRecord(resigned, await online(other, resigned)).ok);
  t.equal((await db.prisma.storedRecord.findUniqueOrThrow({ where: { gameId: g.id } })).keyId, resigned.signature.keyId);

  // Kept with an older wording of the log (issue 41): made again at its next read, in today's words.
  const current = (await findStoredRecord(db.prisma, g.id))!;
  t.equal(current.logVersion, LOG_VERSION, 'kept with the wording it was made with');
  t.equal(JSON.parse(current.record).logVersion, LOG_VERSION, 'which the record states');
  await saveStoredRecord(db.prisma, g.id, { ...current, logVersion: LOG_VERSION - 1, transcript: `${current.transcript}(old words)\n` }, new Date());
  forgetFinishedRecords();
  t.notMatch((await other.anon.withToken(stranger.token).get(`/v1/games/${g.id}/transcript`)).text, /\(old words\)/, 'a record kept in older words is not served');
  t.equal((await findStoredRecord(db.prisma, g.id))!.logVersion, LOG_VERSION, 'it is made again and kept');
});

t.test('a running game\'s record is kept per reader and version: each reader gets their own, never another\'s (issue 38)', async (t) => {
  const s = await apiServer(t);
  const g = await midGame(s);
  const observer = await s.signUp('Watcher');
  const version = (await look(g.caesar, g.id)).version;
  const discardEntry = await s.db.prisma.gameAction.findFirstOrThrow({ where: { gameId: g.id, role: 'Caesar', kind: 'action' }, orderBy: { seq: 'asc' } });
  const discard = (discardEntry.action as any).card as string;
  const caesar = await ok(g.caesar, `/v1/games/${g.id}/record`);
  t.ok(JSON.stringify(caesar).includes(discard), 'Caesar\'s record shows his discard');
  await g.caesar.client.get(`/v1/games/${g.id}/transcript`);
  // What Caesar was served at this version is kept: the same version read again is served from it
  // (shown here by changing the stored log under it, which no real change does without a new version).
  await s.db.prisma.gameAction.update({ where: { gameId_seq: { gameId: g.id, seq: discardEntry.seq } }, data: { action: { ...(discardEntry.action as object), tampered: true } } });
  forgetReplays();
  t.same(await ok(g.caesar, `/v1/games/${g.id}/record`), caesar, 'Caesar again at the same version: what was made for him');
  await s.db.prisma.gameAction.update({ where: { gameId_seq: { gameId: g.id, seq: discardEntry.seq } }, data: { action: discardEntry.action as object } });
  forgetReplays();
  // Each other reader at the same version gets their own share, never Caesar's.
  for (const [who, u, role] of [['Pompey', g.pompey, 'Pompey'], ['an observer', observer, null]] as const) {
    const record = await ok(u, `/v1/games/${g.id}/record`);
    t.match(record, { reader: { role, complete: false }, entries: { length: version } }, `${who}: their own share`);
    const transcript = (await u.client.get(`/v1/games/${g.id}/transcript`)).text;
    t.notOk(JSON.stringify(record).includes(discard) || transcript.includes(discard), `${who}: not Caesar's discard ${discard}`);
  }
  // A new version: made anew.
  const moved = await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'move'));
  const after = await ok(g.caesar, `/v1/games/${g.id}/record`);
  t.equal(after.entries.length, moved.version, 'the next version\'s record has the new entry');
});
