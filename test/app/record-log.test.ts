// The record and its transcript say what the log says, once (issue 41, item 5): a block joining a
// group move writes the move's line again, the record says so (`rewrites`), and the transcript
// writes the line once, under the entries that made it ("12–13."); every line of the game's log is
// a line of the transcript, in order, and nothing else is. The log's wording has a version
// (LOG_VERSION): a record of today's wording is replayed line by line, an older one (kept by a
// player before Alea worded its logs anew) still checks, its lines vouched for by its signature.
import t from 'tap';
import { transcriptOf } from '../../src/app/games/record/record.js';
import { DEFINITIONS } from '../../src/engine/games.js';
import { diceKey, seedCommitment } from '../../src/engine/kit/dice.js';
import { checkReplay, fullViewOf, LOG_VERSION, logChange, logOf, type GameRecord, type RecordEntry } from '../../src/engine/record.js';
import type { Action, GameModule } from '../../src/engine/types.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

/** A finished game's record as Alea writes one, of a seeded random game of `m` played to its end. */
function playedRecord(m: GameModule, g: number): GameRecord {
  const seed = testSeed(410 + g);
  const players = m.roles.map((role, k) => ({ role, name: `Player ${k + 1}`, playerSeed: testSeed(420 + k), playerSeedBy: 'player' as const }));
  const seeds = Object.fromEntries(players.map((p) => [p.role, p.playerSeed]));
  let s = m.setup(diceKey(seed, m.roles, seeds), {});
  const at = '2026-12-02T12:00:00.000Z';
  let log = logOf(fullViewOf(m, s));
  const entries: RecordEntry[] = [{ seq: 1, kind: 'start', role: m.roles[1]!, at, log }];
  const pick = chooser((g + 41) * 2654435761);
  for (;;) {
    const pending = m.pending(s);
    if (pending.length === 0) break;
    const role = pending[pick(pending.length)]!;
    const legal = m.legalActions(s, role);
    // Moves first, so that blocks go in groups.
    const moves = legal.filter((a) => a.type === 'move');
    const a: Action = moves.length && pick(4) > 0 ? moves[pick(moves.length)]! : legal[pick(legal.length)]!;
    s = m.apply(s, role, a);
    const now = logOf(fullViewOf(m, s));
    const change = logChange(log, now);
    entries.push({ seq: entries.length + 1, kind: 'action', role, at, action: a, log: change.log, ...(change.rewrites > 0 && { rewrites: change.rewrites }) });
    log = now;
  }
  return {
    format: 'alea-record/2', id: '01900000-0000-7000-8000-000000000041', number: 41, game: m.id, title: m.title, options: {}, status: 'finished', bot: null, computer: null,
    createdAt: at, startedAt: at, finishedAt: at, players, seedCommitment: seedCommitment(seed), seed, reader: { role: null, complete: true }, verifiable: true,
    logVersion: LOG_VERSION, entries, result: m.outcome(s),
  };
}

/** The game's whole log at the end, from the record: each entry's lines in place of those it wrote again. */
function finalLog(r: GameRecord): string[] {
  let log: string[] = [];
  for (const e of r.entries) log = [...log.slice(0, log.length - (e.rewrites ?? 0)), ...e.log];
  return log;
}

for (const d of DEFINITIONS) {
  const m = d.module;
  t.test(`${m.id}: the transcript writes every line of the log once, in order, and the record replays`, async (t) => {
    const r = playedRecord(m, 0);
    const replay = checkReplay(m, r);
    t.equal(replay.status, 'passed', replay.reason ?? '');
    const log = finalLog(r);
    t.same(log, logOf(fullViewOf(m, replayEnd(m, r))), 'the record\'s lines, rewrites taken, are the log');
    const text = transcriptOf(r);
    const body = text.split('\n\n').slice(1).join('\n\n').split('\n');
    // The lines after the header: entry heads ("12." or "12–13."), turn headings, and each log line indented.
    const lines = body.filter((l) => l !== '' && !/^\d+(?:–\d+)?\. /.test(l)).map((l) => l.replace(/^ {3}/, ''));
    t.same(lines, log, 'each line of the log once, in order, nothing else');
    if (m.id === 'julius-caesar') {
      const grouped = r.entries.filter((e) => e.rewrites).length;
      t.ok(grouped > 0, `${grouped} entries join a group move`);
      t.match(text, /\n\d+–\d+\. (Caesar|Pompey) \(Player \d\)/, 'the entries of a group move are one, numbered from–to');
      t.notMatch(text, /\n\d+\. [^\n]*\n\n\d+\./, 'no entry without a line');
    }
  });

  t.test(`${m.id}: a record of an older log wording still checks; today's wording is compared line by line`, async (t) => {
    const r = playedRecord(m, 1);
    const reworded = structuredClone(r);
    delete reworded.logVersion;
    for (const e of reworded.entries) e.log = e.log.map((l) => l.replace(/\.$/, '').replace(/→/g, '->'));
    const old = checkReplay(m, reworded);
    t.equal(old.status, 'passed', old.reason ?? '');
    t.match(old.held.join('\n'), /log wording 1 \(today's is \d+\), so its lines were not compared/);
    const forged = { ...reworded, logVersion: LOG_VERSION };
    t.match(checkReplay(m, forged), { status: 'failed', reason: /replays differently: the replay writes/ }, 'with today\'s version its words must be today\'s');
    const current = checkReplay(m, r);
    t.match(current.held.join('\n'), /each writes the log the record shows/);
    if (m.id === 'julius-caesar') {
      const moved = structuredClone(r);
      const e = moved.entries.find((x) => x.rewrites)!;
      delete e.rewrites;
      t.match(checkReplay(m, moved), { status: 'failed', reason: /writes again 1 of the lines before it, where the record says 0/ }, 'a group move\'s rewrite is checked too');
    }
  });
}

function replayEnd(m: GameModule, r: GameRecord): unknown {
  const seeds = Object.fromEntries(r.players.map((p) => [p.role, p.playerSeed!]));
  let s = m.setup(diceKey(r.seed!, m.roles, seeds), {});
  for (const e of r.entries) if (e.kind === 'action') s = m.apply(s, e.role, e.action as Action);
  return s;
}
