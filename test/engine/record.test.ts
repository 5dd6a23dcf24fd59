// A finished game's record, checked (src/engine/record.ts): random games of both games are played
// to the end through the engine and written down and signed as the service writes a finished
// game's record (its log per entry from the full view; its keyring's signature), then checked by
// its three checks (signature, commitment, replay); a changed seed, player seed, action, log line
// or result, or a missing entry, fails with its reasons; a record unsigned, or signed with another
// key, fails its signature. Every kind of seat (people, the rulebook bot, the computer) checks. The dice's key derivation
// (src/engine/kit/dice.ts) against independently computed SHA-256 digests. And the full view
// (GameModule.fullView), the whole board once a game is over (JC-42, CGW-5: what the rules hide
// while the game runs): every block on the map with its identity and strength, both hands and
// sealed cards, each role's view contained in it.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import t from 'tap';
import { endingOutcome, games, type Action, type GameModule } from '../../src/engine/index.js';
import { diceKey, seedCommitment, seededRoles } from '../../src/engine/kit/dice.js';
import { keyringOf } from '../../src/app/games/record/keyring.js';
import { toBase64url } from '../../src/engine/kit/base64url.js';
import { canonicalJson } from '../../src/engine/kit/canonical-json.js';
import { checkRecord, fullViewOf, keyIdOf, LOG_VERSION, logChange, logOf, RECORD_FORMAT, recordParts, signedMessage, walkLog, type CheckName, type CheckResult, type GameRecord, type LogStep } from '../../src/engine/record.js';
import { TEST_RECORD_KEY } from '../helpers/server.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

t.test('the commitment is SHA-256 of the seed; the key, SHA-256 of the seeds in role order', async (t) => {
  const [s, a, b] = [testSeed(1), testSeed(2), testSeed(3)];
  t.equal(seedCommitment(s), sha(s));
  t.equal(diceKey(s, ['Caesar', 'Pompey'], { Pompey: b, Caesar: a }), sha(s + a + b), 'the roles\' order, not the object\'s');
  t.equal(diceKey(s, ['Roman'], { Roman: a }), sha(s + a), 'one player against the bot');
  t.not(diceKey(s, ['Caesar', 'Pompey'], { Caesar: a, Pompey: b }), diceKey(s, ['Caesar', 'Pompey'], { Caesar: b, Pompey: a }));
  t.same(seededRoles(['Roman', 'Barbarian'], 'Barbarian'), ['Roman']);
  t.throws(() => seedCommitment(s.toUpperCase()), /64 lower-case/);
  t.throws(() => diceKey(s, ['Caesar', 'Pompey'], { Caesar: a }), /No seed for Pompey/);
});

/** Who holds a seat no person holds: the rulebook bot (set up as solitaire) or the computer at a level (an ordinary set-up). */
type Opponent = { bot: string } | { computer: { role: string; level: string } } | null;

/** Plays a random game to its end (or `limit` actions) and writes its record as the service does once it is over. */
/** What an entry wrote to the log, as the service records it: its lines, and how many before them it wrote again. */
function entryLog(before: string[], after: string[]): { log: string[]; rewrites?: number } {
  const { log, rewrites } = logChange(before, after);
  return rewrites > 0 ? { log, rewrites } : { log };
}

/**
 * A game played to its end (or `limit` actions, then resigned) by a seeded chooser, as its record.
 * `revision`: the rules' revision it is set up under (the service: the last, kit/revisions.ts);
 * `prefer`: an action type the chooser takes whenever it may, but not three times running.
 */
function playedRecord(m: GameModule, n: number, options: Record<string, string | boolean>, opponent: Opponent | string, limit = 5000, played: { revision?: string; prefer?: string } = {}): GameRecord {
  const against: Opponent = typeof opponent === 'string' ? { bot: opponent } : opponent;
  const bot = against && 'bot' in against ? against.bot : null;
  const computer = against && 'computer' in against ? against.computer : null;
  const seed = testSeed(1000 + n);
  const roles = seededRoles(m.roles, bot ?? computer?.role ?? null);
  const playerSeeds = Object.fromEntries(roles.map((r, i) => [r, testSeed(2000 + 10 * n + i)]));
  const revision = played.revision ?? m.revisions?.[m.revisions.length - 1];
  const setupOptions = { ...options, ...(bot && { solitaire: true }), ...(revision !== undefined && { revision }) };
  let state = m.setup(diceKey(seed, roles, playerSeeds), setupOptions);
  const pick = chooser(n);
  const steps: LogStep[] = [{ seq: 1, kind: 'start', role: roles[roles.length - 1]!, action: {} }];
  while (!m.outcome(state) && steps.length < limit) {
    const role = m.pending(state)[0]!;
    const legal = m.legalActions(state, role);
    const preferred = steps.length > 2 && steps.slice(-2).every((x) => (x.action as Action).type === played.prefer) ? [] : legal.filter((a) => a.type === played.prefer);
    const action = preferred.length ? preferred[pick(preferred.length)]! : legal[pick(legal.length)]!;
    state = m.apply(state, role, action);
    steps.push({ seq: steps.length + 1, kind: 'action', role, action });
  }
  const resigned = !m.outcome(state);
  if (resigned) steps.push({ seq: steps.length + 1, kind: 'resign', role: m.pending(state)[0]!, action: {} });
  const first = m.setup(diceKey(seed, roles, playerSeeds), setupOptions);
  let log: string[] = [];
  const entries: GameRecord['entries'] = [];
  walkLog(m, first, steps, (step, s) => {
    const now = logOf(fullViewOf(m, s));
    entries.push({ seq: step.seq, kind: step.kind as 'action', role: step.role, at: '2026-01-01T00:00:00.000Z', ...(step.kind === 'action' && { action: step.action }), ...entryLog(log, now) });
    log = now;
  });
  const loser = steps[steps.length - 1]!.role;
  return signed({
    format: RECORD_FORMAT,
    id: '01900000-0000-7000-8000-000000000001',
    number: n,
    game: m.id,
    title: m.title,
    options,
    status: 'finished',
    bot,
    computer,
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:00.000Z',
    players: roles.map((role) => ({ role, name: role, playerSeed: playerSeeds[role]!, playerSeedBy: 'player' })),
    seedCommitment: seedCommitment(seed),
    seed,
    reader: { role: null, complete: true },
    verifiable: true,
    logVersion: LOG_VERSION,
    // As the service writes it: the revision of a game set up under one of its module's (the first: none).
    ...(revision !== undefined && revision !== m.revisions![0] && { rulesRevision: revision }),
    entries,
    // A resignation before each side has made its first moves aborts the game (ending.ts).
    result: resigned ? endingOutcome(m, state, { winner: m.roles.find((r) => r !== loser)!, reason: `${loser} resigned`, vp: {} }) : m.outcome(state)!,
  });
}

const copy = (r: GameRecord): GameRecord => JSON.parse(JSON.stringify(r));

// Signed as the service signs (its keyring), with the tests' key; KEYS are its published keys.
const keyring = keyringOf({ recordSigningKey: TEST_RECORD_KEY, recordOldKeys: [] });
const signed = (r: GameRecord) => keyring.sign(r);
const KEYS = keyring.published;

/** The checks that did not pass, by name: their reasons. */
function failed(result: CheckResult): Partial<Record<CheckName, string>> {
  return Object.fromEntries(result.checks.filter((c) => c.status !== 'passed').map((c) => [c.name, `${c.status === 'not checked' ? 'not checked: ' : ''}${c.reason}`]));
}

const check = (r: unknown) => checkRecord(r, { keys: KEYS });
// Each change below comes after Alea signed the record: the signature check names the part changed.
const changed = (part: string) => new RegExp(`^The record was changed after Alea signed it: its ${part}`);

t.test('a finished game\'s record checks; each change to it fails with its reason', async (t) => {
  const jc = games['julius-caesar']!;
  const cgw = games['caesars-gallic-war']!;
  const records = [
    playedRecord(jc, 1, { scenario: 'historical' }, null),
    playedRecord(cgw, 2, { yearlyObjectives: false, historicalReinforcements: false, restrictedNaval: false, legionI: true, altCardValues: false }, null),
    playedRecord(cgw, 3, { yearlyObjectives: false, historicalReinforcements: false, restrictedNaval: false, legionI: true, altCardValues: false }, 'Barbarian'),
    playedRecord(jc, 4, { scenario: 'free-deployment' }, null, 60),
  ];
  for (const r of records) {
    const ok = check(r);
    t.ok(ok.ok, `${r.game} #${r.number} (${r.entries.length} entries, ${r.result!.reason}) holds: ${ok.problem ?? ''}`);
    t.same(ok.checks.map((c) => [c.name, c.status]), [['signature', 'passed'], ['commitment', 'passed'], ['replay', 'passed']], 'signature, commitment, replay');
    t.equal(ok.checks[2]!.held.length, 3, 'the key, every entry, the end');
  }
  t.ok(records.slice(0, 3).every((r) => r.entries[r.entries.length - 1]!.kind === 'action'), 'three games ended by the rules');

  const r = records[0]!;
  const seed = copy(r);
  seed.seed = testSeed(99);
  t.match(failed(check(seed)), { signature: changed('details'), commitment: /^The seed does not match the commitment/ }, 'a changed seed');
  const both = copy(r);
  both.seed = testSeed(99);
  both.seedCommitment = seedCommitment(testSeed(99));
  // Other dice: another deal, so the first discard is of a card not in hand (or the log differs first).
  const otherDice = /^(Entry \d+ .* replays differently|The replay stops at an action the rules refuse)/;
  t.match(failed(check(both)), { signature: changed('details'), replay: otherDice }, 'a changed seed with its own commitment deals other cards');
  t.notOk(failed(check(both)).commitment, 'which matches its own commitment');
  const player = copy(r);
  player.players[1]!.playerSeed = testSeed(98);
  t.match(failed(check(player)), { signature: changed('details'), replay: otherDice }, 'a changed player seed');

  // A changed action: another legal one at the same point, or one the rules refuse.
  const k = r.entries.findIndex((e, i) => i > 5 && e.kind === 'action');
  const at = r.entries[k]!;
  const m = games[r.game]!;
  let before: unknown;
  walkLog(m, m.setup(diceKey(r.seed!, m.roles, { Caesar: r.players[0]!.playerSeed!, Pompey: r.players[1]!.playerSeed! }), r.options), r.entries.slice(0, k), (_, s) => (before = s));
  const other = m.legalActions(before, at.role).find((a) => JSON.stringify(a) !== JSON.stringify(at.action) && JSON.stringify(m.apply(before, at.role, a)).length > 0) as Action | undefined;
  if (other) {
    const moved = copy(r);
    moved.entries[k]!.action = other;
    t.match(failed(check(moved)), { signature: changed('entries'), replay: new RegExp(`^(Entry ${at.seq} .* replays differently|The replay stops)`) }, `another legal action at entry ${at.seq}`);
  }
  const illegal = copy(r);
  illegal.entries[k]!.action = { type: 'nonsense' };
  t.match(failed(check(illegal)), { replay: /^The replay stops at an action the rules refuse/ });

  const line = copy(r);
  const withLog = line.entries.find((e) => e.kind === 'action' && /rolls|fires/.test(e.log.join(' ')))!;
  withLog.log = withLog.log.map((x) => x.replace(/\d/, (d) => String((Number(d) % 6) + 1)));
  t.match(failed(check(line)), { signature: changed('entries'), replay: new RegExp(`^Entry ${withLog.seq} .* replays differently`) }, 'a changed die in the log');
  const result = copy(r);
  result.result = { ...result.result!, winner: result.result!.winner === 'Caesar' ? 'Pompey' : 'Caesar' };
  t.match(failed(check(result)), { signature: changed('result'), replay: /^The replay ends with/ }, 'a changed result');
  const short = copy(r);
  short.entries.splice(5, 1);
  t.match(failed(check(short)), { replay: /^Entry 6 has the number 7/ }, 'a missing entry');
  const cut = copy(r);
  cut.entries = cut.entries.slice(0, 40);
  t.match(failed(check(cut)), { signature: changed('entries'), replay: /^The replay does not end the game/ }, 'a log cut short');

  const resigned = records[3]!;
  const wrong = copy(resigned);
  wrong.result = { ...wrong.result!, winner: wrong.entries[wrong.entries.length - 1]!.role };
  t.match(failed(check(wrong)), { signature: changed('result'), replay: /^The recorded winner is/ }, 'a resignation won by the one who resigned');
  t.match(resigned.result, { aborted: true, winner: null }, 'resigned in turn 1: aborted');
  t.ok(check(resigned).ok, 'and checks so');
  const given = copy(resigned);
  given.result = { winner: 'Caesar', reason: `${resigned.entries.at(-1)!.role} resigned`, vp: {} };
  t.match(failed(check(given)), { replay: /not yet underway at the resignation of .*: it is aborted, but the record gives it a result/ }, 'an aborted game recorded with a winner');

  t.match(failed(check({ ...copy(r), seedCommitment: null })), { commitment: /created before dice commitments/ });
  t.match(failed(check({ ...copy(r), status: 'active', reader: { role: 'Caesar', complete: false } })), { commitment: /^not checked: .*is not over/, replay: /^not checked: .*is not over/ });
  t.match(check({ format: 'x' }), { ok: false, checks: [], problem: /not a game record/ });
  t.match(check({ ...copy(r), format: 'alea-record/1' }), { ok: false, problem: /saved before Alea signed its records/ });
  t.match(check('text'), { ok: false });
});

t.test('the signature: by one of the keys given, over the record as it is; not checked without keys (issue 38)', async (t) => {
  const r = playedRecord(games['julius-caesar']!, 5, { scenario: 'historical' }, null, 80);
  t.ok(check(r).ok);
  t.match(checkRecord(r), { ok: false, checks: [{ name: 'signature', status: 'not checked', reason: /No public keys/ }, { status: 'passed' }, { status: 'passed' }] }, 'no keys: not checked, so the record does not hold');
  const { signature: _, ...unsigned } = copy(r);
  t.match(failed(check(unsigned)), { signature: /^The record carries no signature/ }, 'taken off');
  t.same(Object.keys(failed(check(unsigned))), ['signature'], 'and nothing else is wrong with it');
  // A key of someone else's, and a signature made with it over this very record.
  const mine = generateKeyPairSync('ed25519');
  const raw = mine.publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  const theirId = keyIdOf(raw);
  const forged = { ...unsigned, signature: { keyId: theirId, algorithm: 'Ed25519' as const, parts: recordParts(unsigned), value: sign(null, signedMessage(theirId, recordParts(unsigned)), mine.privateKey).toString('base64url') } };
  t.match(failed(check(forged)), { signature: new RegExp(`^The record is signed with the key ${theirId}, which is not one of Alea's`) }, 'signed with a key Alea never published');
  t.match(failed(check({ ...forged, signature: { ...forged.signature, keyId: KEYS[0]!.keyId } })), { signature: /^The signature does not verify with Alea's key/ }, 'the same, claimed to be Alea\'s key');
  t.ok(checkRecord(forged, { keys: [{ keyId: theirId, algorithm: 'Ed25519', publicKey: raw.toString('base64url') }] }).ok, 'which only its own key checks');
  const parts = copy(r);
  parts.signature!.parts.result = parts.signature!.parts.details;
  t.match(failed(check(parts)), { signature: /^The signature does not verify/ }, 'signed parts changed');
  const reversed = (x: unknown): unknown => (Array.isArray(x) ? x.map(reversed) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).reverse().map(([k, v]) => [k, reversed(v)])) : x);
  const order = reversed(r);
  t.not(JSON.stringify(order), JSON.stringify(r));
  t.ok(check(order).ok, 'the order of members does not matter (canonical JSON)');
  t.match(failed(checkRecord(r, { keys: [{ ...KEYS[0]!, publicKey: toBase64url(raw) }] })), { signature: /is not a 32-byte Ed25519 public key whose id/ }, 'a key whose id is not its own');
  t.equal(canonicalJson({ b: [1, 'é', null, { d: undefined, c: true }], a: -0.5 }), '{"a":-0.5,"b":[1,"é",null,{"c":true}]}');
});

t.test('every finished game checks, whoever held its seats: people, the rulebook bot, the computer in either seat (issue 38)', async (t) => {
  const jc = games['julius-caesar']!;
  const cgw = games['caesars-gallic-war']!;
  const gaul = { yearlyObjectives: false, historicalReinforcements: false, restrictedNaval: false, legionI: true, altCardValues: false };
  const kinds: [string, GameModule, Record<string, string | boolean>, Opponent][] = [
    ['Julius Caesar, two people', jc, { scenario: 'historical' }, null],
    ['Julius Caesar, the computer (easy) as Pompey', jc, { scenario: 'historical' }, { computer: { role: 'Pompey', level: 'easy' } }],
    ['Julius Caesar, the computer (hard) as Caesar', jc, { scenario: 'historical' }, { computer: { role: 'Caesar', level: 'hard' } }],
    ["Caesar's Gallic War, two people", cgw, gaul, null],
    ["Caesar's Gallic War, the rulebook bot as Barbarian", cgw, gaul, { bot: 'Barbarian' }],
    ["Caesar's Gallic War, the computer (normal) as Barbarian", cgw, gaul, { computer: { role: 'Barbarian', level: 'normal' } }],
    ["Caesar's Gallic War, the computer (normal) as Roman", cgw, gaul, { computer: { role: 'Roman', level: 'normal' } }],
  ];
  for (const [name, m, options, against] of kinds) {
    const r = playedRecord(m, 40 + kinds.findIndex((k) => k[0] === name), options, against);
    const result = check(r);
    t.ok(result.ok, `${name}: ${r.entries.length} entries, ${r.result!.reason}: ${result.problem ?? 'checks'}`);
  }
  // The computer's role is not the bot's: a record that says the bot played it does not replay.
  const computerGame = playedRecord(cgw, 50, gaul, { computer: { role: 'Barbarian', level: 'normal' } });
  t.match(failed(check({ ...copy(computerGame), computer: null, bot: 'Barbarian' })), { signature: changed('details'), replay: /^Entry 1 .* replays differently/ }, 'the computer taken for the rulebook bot');
  t.match(failed(check({ ...copy(computerGame), computer: { role: 'Roman', level: 'normal' } })), { replay: /two holders of the seat of Roman: a person .* and the computer \(normal\)/ }, 'a seat held twice');
  t.match(failed(check({ ...copy(computerGame), computer: null })), { replay: /nobody held the seat of Barbarian/ }, 'a seat held by nobody');
});

t.test('JC-42 CGW-5 the full view shows everything the role views hide, and holds each of them', async (t) => {
  for (const [id, n] of [['julius-caesar', 11], ['caesars-gallic-war', 12]] as const) {
    const m = games[id]!;
    const pick = chooser(n);
    let state = m.setup(testSeed(n));
    let checked = 0;
    for (let step = 0; step < 400 && !m.outcome(state); step++) {
      if (step % 7 === 0) {
        const full = m.fullView!(state) as any;
        t.equal(full.full, true);
        t.equal(full.role, null);
        const hidden = full.blocks.filter((b: any) => !b.id || b.strength === undefined);
        if (hidden.length) t.fail(`${id}: hidden blocks in the full view: ${JSON.stringify(hidden[0])}`);
        for (const role of m.roles) {
          const own = m.view(state, role) as any;
          t.same(full.hands[role], own.hand, `${role}'s hand`);
          t.same(full.cards[role], own.cards[role], `${role}'s card`);
          if (id === 'julius-caesar') t.same(full.discards[role], own.discard, `${role}'s discard`);
          // Every block the role sees in full is in the full view as the role sees it (a revealed one less its flag).
          for (const b of own.blocks.filter((x: any) => x.strength !== undefined)) {
            const { revealed: _, ...plain } = b;
            if (!full.blocks.some((f: any) => JSON.stringify(f) === JSON.stringify(plain))) t.fail(`${id}: ${b.id} differs in the full view`);
          }
          t.ok(full.log.length >= own.log.length, 'the full log has every entry');
        }
        t.equal(full.blocks.length, onMap(m, state).length, 'every block on the map, once');
        checked++;
      }
      const role = m.pending(state)[0]!;
      const legal = m.legalActions(state, role);
      state = m.apply(state, role, legal[pick(legal.length)]!);
    }
    t.ok(checked > 20, `${id}: ${checked} positions checked`);
  }
});

/** The blocks on the map as the observer's view lists them (one per block, hidden or not). */
function onMap(m: GameModule, state: unknown): unknown[] {
  return (m.view(state, null) as { blocks: unknown[] }).blocks;
}

t.test('CGW-84 a record replays under the revision of the rules it was played under, and only that one', async (t) => {
  // CGW-84: since revision 2 a battle's main group is named once for each new origin among its
  // attackers; the games stored before were played under revision 1, which let it be named again
  // and again. A record says its revision (none: the first), and its replay check follows it.
  const cgw = games['caesars-gallic-war']!;
  const gaul = { yearlyObjectives: false, historicalReinforcements: false, restrictedNaval: false, legionI: true, altCardValues: false };
  const act = (e: { action?: unknown } | undefined) => e?.action as { type?: string; area?: string } | undefined;
  const namedAgain = (r: GameRecord) =>
    r.entries.filter((e, i) => act(e)?.type === 'main' && act(r.entries.slice(0, i).reverse().find((x) => act(x)?.type !== 'main' || act(x)!.area === act(e)!.area))?.type === 'main').length;

  const old = playedRecord(cgw, 62, gaul, null, 5000, { revision: '1', prefer: 'main' });
  t.notOk('rulesRevision' in old, 'a game of the first revision: its record says none');
  t.ok(namedAgain(old) > 0, `the main group named again right after a naming (${namedAgain(old)} times)`);
  t.ok(check(old).ok, `it checks: ${check(old).problem ?? ''}`);
  t.match(failed(check({ ...copy(old), rulesRevision: '2' })), { signature: changed('details'), replay: /^The replay stops at an action the rules refuse: "main" is not possible now/ }, 'replayed under revision 2, a naming again is refused');

  const now = playedRecord(cgw, 61, gaul, null, 5000, { prefer: 'main' });
  t.equal(now.rulesRevision, '2', 'a new game: revision 2, in its record');
  t.equal(namedAgain(now), 0, 'no naming right after another of the same battle');
  t.ok(now.entries.some((e) => act(e)?.type === 'main'), 'the main group was named');
  t.ok(check(now).ok, `it checks: ${check(now).problem ?? ''}`);
});
