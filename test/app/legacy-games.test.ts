// Games stored before secret seeds (issue 9, section 1) keep replaying and playing on. The test
// builds a database as the previous version left it: the migrations up to the one before
// `secret_seeds`, then two games inserted as that version stored them (integer seed, log rows,
// snapshot), whose states were made by that version's engine (test/fixtures/legacy-games.json,
// generated at commit e6abf09). Then it migrates, runs `npm run verify` (the real command), and
// plays on one of them through the API.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import t from 'tap';
import { hashPassword } from '../../src/app/accounts/passwords.js';
import { games } from '../../src/engine/index.js';
import { projectPath } from '../../src/paths.js';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../src/store/migrate.js';
import { apiServer } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { nodeArgs } from '../helpers/entry.js';
import { testDatabase } from '../helpers/db.js';
import { TEST_SECURITY } from '../helpers/server.js';

interface LegacyGame {
  seed: number;
  options: Record<string, unknown>;
  actions: { role: string; action: unknown }[];
  state: Record<string, unknown>;
  outcome: unknown;
}
const fixture = JSON.parse(readFileSync(projectPath('test', 'fixtures', 'legacy-games.json'), 'utf8')) as { games: LegacyGame[] };
const jc = games['julius-caesar']!;

function runVerify(databaseUrl: string) {
  const run = spawnSync(process.execPath, nodeArgs('src/cli/verify.ts'), {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATABASE_URL: databaseUrl },
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

const USERS = ['01900000-0000-7000-8000-0000000000c1', '01900000-0000-7000-8000-0000000000c2'];
const GAMES = ['01900000-0000-7000-8000-0000000000d1', '01900000-0000-7000-8000-0000000000d2'];

t.test('a database made by the previous version migrates; npm run verify passes; a legacy game plays on with its old generator', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const all = await readMigrations();
  const target = all.findIndex((m) => m.name.endsWith('_secret_seeds'));
  t.ok(target > 0);
  const dir = await mkdtemp(join(tmpdir(), 'alea-legacy-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  for (const m of all.slice(0, target)) await cp(join(MIGRATIONS_DIR, m.name), join(dir, m.name), { recursive: true });
  await cp(join(MIGRATIONS_DIR, 'migration_lock.toml'), join(dir, 'migration_lock.toml'));
  await migrate(db.url, { migrationsDir: dir });

  // The previous version's rows: users, games with an integer seed, seats, the log, the snapshot.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  t.teardown(() => client.end());
  const hash = await hashPassword('correct horse battery', TEST_SECURITY.password!);
  for (const [i, id] of USERS.entries()) {
    await client.query(`INSERT INTO users (id, email, display_name, password_hash, updated_at) VALUES ($1, $2, $3, $4, now())`, [id, `legacy${i}@example.org`, `Legacy ${i}`, hash]);
  }
  for (const [i, g] of fixture.games.entries()) {
    const finished = g.outcome !== null;
    await client.query(
      `INSERT INTO games (id, module, seed, status, options, outcome, days_per_move, pending, created_by, updated_at, started_at, finished_at)
       VALUES ($1, 'julius-caesar', $2, $3, $4, $5, NULL, $6, $7, now(), now(), $8)`,
      [GAMES[i], g.seed, finished ? 'finished' : 'active', g.options, finished ? JSON.stringify(g.outcome) : null, jc.pending(g.state), USERS[0], finished ? new Date() : null],
    );
    for (const [r, role] of ['Caesar', 'Pompey'].entries()) {
      await client.query(`INSERT INTO game_players (game_id, role, user_id) VALUES ($1, $2, $3)`, [GAMES[i], role, USERS[r]]);
    }
    await client.query(`INSERT INTO game_actions (game_id, seq, kind, role, action, user_id) VALUES ($1, 1, 'start', 'Pompey', '{}', $2)`, [GAMES[i], USERS[1]]);
    for (const [k, a] of g.actions.entries()) {
      await client.query(`INSERT INTO game_actions (game_id, seq, kind, role, action, user_id) VALUES ($1, $2, 'action', $3, $4, $5)`, [
        GAMES[i],
        k + 2,
        a.role,
        JSON.stringify(a.action),
        USERS[a.role === 'Caesar' ? 0 : 1],
      ]);
    }
    await client.query(`INSERT INTO game_snapshots (game_id, version, state, updated_at) VALUES ($1, $2, $3, now())`, [GAMES[i], g.actions.length + 1, JSON.stringify(g.state)]);
  }

  // Migrate to this version: the old games are marked as mulberry32 games, their seeds kept.
  await migrate(db.url);
  const rows = await client.query<{ seed: string; rng: string }>(`SELECT seed, rng FROM games ORDER BY id`);
  t.same(
    rows.rows,
    fixture.games.map((g) => ({ seed: String(g.seed), rng: 'mulberry32' })),
  );
  await t.rejects(
    client.query(`UPDATE games SET rng = 'chacha20' WHERE id = $1`, [GAMES[0]]),
    /games_seed_matches_rng/,
    'a 32-bit seed cannot pass for a keyed one',
  );

  const ok = runVerify(db.url);
  t.equal(ok.code, 0, ok.out);
  t.match(ok.out, /2 game\(s\) checked, 0 mismatch\(es\)/);

  // The game in progress plays on through the API, still with mulberry32, and still verifies.
  const s = await apiServer(t, { db });
  const live = fixture.games.findIndex((g) => g.outcome === null);
  const players: Record<string, ReturnType<typeof s.anon.withToken>> = {};
  for (const [i, role] of ['Caesar', 'Pompey'].entries()) {
    const login = await s.anon.post('/v1/auth/login', { email: `legacy${i}@example.org`, password: 'correct horse battery' });
    t.equal(login.status, 200, login.text);
    players[role] = s.anon.withToken(login.body.token);
  }
  // Random legal actions (seeded) until the generator has been drawn from (a battle or a new Year).
  const pick = chooser(9);
  let played = 0;
  for (let n = 0; n < 300; n++) {
    const snap = await client.query<{ state: { rng: unknown } }>(`SELECT state FROM game_snapshots WHERE game_id = $1`, [GAMES[live]]);
    if (snap.rows[0]!.state.rng !== fixture.games[live]!.state.rng) break;
    const g = await players.Caesar!.get(`/v1/games/${GAMES[live]}`);
    const role = g.body.pending[0] as string;
    const mine = await players[role]!.get(`/v1/games/${GAMES[live]}`);
    const res = await players[role]!.post(`/v1/games/${GAMES[live]}/actions`, { action: mine.body.legalActions[pick(mine.body.legalActions.length)], version: mine.body.version });
    if (res.status !== 200) t.fail(`${role}: ${res.status} ${res.text}`);
    played++;
  }
  t.ok(played > 0 && played < 300, `${played} actions played`);
  const player = players.Caesar!;
  const snap = await client.query<{ state: { rng: unknown } }>(`SELECT state FROM game_snapshots WHERE game_id = $1`, [GAMES[live]]);
  t.equal(typeof snap.rows[0]!.state.rng, 'number', 'the legacy game still draws from mulberry32');
  t.not(snap.rows[0]!.state.rng, fixture.games[live]!.state.rng, 'and it drew from it meanwhile');
  const again = runVerify(db.url);
  t.equal(again.code, 0, again.out);

  // A game created now gets a 256-bit seed and the keyed generator.
  const created = await player.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.equal(created.status, 201);
  const fresh = await client.query<{ seed: string; rng: string }>(`SELECT seed, rng FROM games WHERE id = $1`, [created.body.id]);
  t.match(fresh.rows[0], { seed: /^[0-9a-f]{64}$/, rng: 'chacha20' });
});
