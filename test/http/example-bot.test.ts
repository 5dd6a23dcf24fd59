// The bot of examples/bot (issue 42), as a bot author runs it: a process of its own, signed in
// with a personal API token of a bot account, against a test server over real HTTP. A person
// challenges it to a game of each game; it accepts from its event stream and plays each to the
// end with the computer's search (at a tiny budget: whole games stay quick), while the person plays
// random legal moves. Its code is type-checked against the client generated from openapi.yaml.
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { projectPath } from '../../src/paths.js';
import { apiServer, look, type User } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';

t.setTimeout(900_000);
const TSX = import.meta.resolve('tsx');
const BOT = projectPath('examples', 'bot');

t.test('the example bot is type-checked against the contract', async (t) => {
  // The build (npm test's first step) writes the bot's types from openapi.yaml.
  const gen = spawnSync(process.execPath, [projectPath('scripts', 'build.mjs')], { encoding: 'utf8' });
  t.equal(gen.status, 0, gen.stderr);
  const tsc = spawnSync(process.execPath, [projectPath('node_modules', 'typescript', 'bin', 'tsc'), '-p', projectPath('examples', 'bot', 'tsconfig.json')], { encoding: 'utf8' });
  t.equal(tsc.status, 0, `tsc: ${tsc.stdout}${tsc.stderr}`);
});

/** The person plays random legal moves until the game is over (the bot moves on its own). */
async function playAsPerson(person: User, gameId: string, seed: number): Promise<any> {
  const pick = chooser(seed);
  const until = Date.now() + 600_000;
  let moves = 0;
  for (;;) {
    const game = await look(person, gameId);
    if (game.status !== 'active') return { game, moves };
    if (Date.now() > until) throw new Error(`not over after 10 minutes (version ${game.version})`);
    if (!game.pending.includes(game.role) || game.legalActions.length === 0) {
      await sleep(20);
      continue;
    }
    const action = game.legalActions[pick(game.legalActions.length)];
    const res = await person.client.post(`/v1/games/${gameId}/actions`, { action, version: game.version });
    // The bot moved meanwhile (both play a sealed card at once): read again.
    if (res.status !== 200 && res.status !== 409) throw new Error(`person's move refused: ${res.status} ${res.text}`);
    if (res.status === 200) moves++;
  }
}

t.test('a person challenges the bot; it accepts from its event stream and plays each game to the end', async (t) => {
  const s = await apiServer(t);
  const bot = await s.signUp('Example Bot');
  t.equal((await bot.client.post('/v1/me/bot')).status, 200, 'a bot account');
  const token = (await bot.client.post('/v1/me/api-tokens', { name: 'example bot', scopes: ['read', 'play'] })).body.token;
  const person = await s.signUp('Marcus');

  const child = spawn(process.execPath, ['--import', TSX, `${BOT}/bot.ts`], {
    cwd: projectPath(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ALEA_URL: s.base, ALEA_TOKEN: token, BOT_MODE: 'computer', BOT_LEVEL: 'easy', BOT_ITERATIONS: '4', BOT_GAMES: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  t.teardown(() => void child.kill());
  while (!out.includes('signed in as')) {
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  t.match(out, 'signed in as Example Bot (a bot account); playing as the computer, easy');
  // Listening: its stream's `ready` came (the server counts it among the listeners).
  while (s.app.services.events.listenerCount() === 0) await sleep(20);

  let seed = 1;
  for (const game of ['julius-caesar', 'caesars-gallic-war']) {
    const started = Date.now();
    const c = await person.client.post('/v1/challenges', { opponent: 'Example Bot', game });
    t.equal(c.status, 201, `${game}: challenged`);
    // The bot accepts from its stream: the game starts.
    let offered = await look(person, c.body.gameId);
    for (let i = 0; offered.status === 'open' && i < 500; i++) {
      await sleep(20);
      offered = await look(person, c.body.gameId);
    }
    t.equal(offered.status, 'active', `${game}: accepted by the bot`);
    t.match(offered.players.find((p: any) => p.user.id === bot.id), { user: { bot: true }, playerSeedBy: 'player' }, 'with a seed of its own');
    const { game: over, moves } = await playAsPerson(person, c.body.gameId, seed++);
    t.equal(over.status, 'finished', `${game}: played to the end (${over.version} entries, the person's ${moves} moves, ${Math.round((Date.now() - started) / 1000)} s): ${over.outcome.reason}`);
    t.equal((await person.client.get(`/v1/challenges/${c.body.id}`)).body.status, 'accepted');
  }
  t.equal(await exited, 0, 'the bot stops after its two games');
  t.match(out, /accepted Marcus's challenge: Julius Caesar #\d+/);
  t.match(out, /accepted Marcus's challenge: Caesar's Gallic War #\d+/);
  t.equal(out.match(/game over: /g)?.length, 2, 'it saw both ends');
  t.notMatch(out, /refused|could not/, `nothing refused:\n${out}`);
});
