// An Alea bot you can copy (docs/bots.md): it signs in with a personal API token, listens to its
// account's event stream, accepts the challenges made to it, and plays each game to the end, by
// the computer's search at a level or at random.
//
//   ALEA_URL=http://localhost:3000 ALEA_TOKEN=alea_pat_... node --import tsx examples/bot/bot.ts
//
// Settings: BOT_MODE computer (default) or random; BOT_LEVEL easy, normal (default) or hard;
// BOT_ITERATIONS a smaller search than the level's (tests); BOT_GAMES stop after this many games
// have ended (default: never). The token needs the `read` and `play` scopes.
import { randomBytes } from 'node:crypto';
import { apiClient, type Api, type Challenge, type Game } from './api.js';
import { choose, forget, type Mode } from './choose.js';
import { accountEvents } from './events.js';

const baseUrl = (process.env.ALEA_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const token = process.env.ALEA_TOKEN ?? '';
if (!token.startsWith('alea_pat_')) {
  console.error('Set ALEA_TOKEN to a personal API token (Settings, "API tokens"), with the read and play scopes.');
  process.exit(2);
}
const mode: Mode =
  process.env.BOT_MODE === 'random'
    ? { kind: 'random' }
    : { kind: 'computer', level: process.env.BOT_LEVEL ?? 'normal', ...(process.env.BOT_ITERATIONS && { iterations: Number(process.env.BOT_ITERATIONS) }) };
const stopAfter = process.env.BOT_GAMES ? Number(process.env.BOT_GAMES) : Infinity;

const api: Api = apiClient(baseUrl, token);
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('SIGINT', () => stop.abort());

/** A new seed of our own for the dice (README "Fair dice and replays"): the server cannot pick it. */
const playerSeed = () => randomBytes(32).toString('hex');

/** Accepts a challenge made to us (any game, any side: a bot that is choosy declines with a reason). */
async function accept(c: Challenge): Promise<void> {
  if (c.direction !== 'in' || c.status !== 'open') return;
  const { data, error } = await api.POST('/v1/challenges/{id}/accept', { params: { path: { id: c.id } }, body: { playerSeed: playerSeed() } });
  if (data) console.log(`accepted ${c.challenger.name}'s challenge: ${data.title} #${data.number}, playing ${data.role}`);
  else console.log(`could not accept ${c.id}: ${JSON.stringify(error)}`);
  if (data) play(data.id);
}

// One player per game at a time: an event that comes while a game is being played marks it again.
const playing = new Map<string, boolean>();
const finished = new Set<string>();

function play(gameId: string): void {
  if (playing.has(gameId)) return void playing.set(gameId, true);
  playing.set(gameId, false);
  void (async () => {
    try {
      do {
        playing.set(gameId, false);
        await playWhileMyMove(gameId);
      } while (playing.get(gameId));
    } catch (err) {
      console.log(`game ${gameId}: ${(err as Error).message}`);
    } finally {
      playing.delete(gameId);
    }
  })();
}

/** Reads the game, and moves while it is ours to move. */
async function playWhileMyMove(gameId: string): Promise<void> {
  let game = await read(gameId);
  while (game.status === 'active' && game.role !== null && game.pending.includes(game.role) && game.legalActions.length > 0) {
    const action = await choose(api, game, mode);
    const { data, error, response } = await api.POST('/v1/games/{id}/actions', { params: { path: { id: gameId } }, body: { action, version: game.version } });
    if (data) game = data;
    else if (response.status === 409) game = await read(gameId); // the game moved on: read it again
    else throw new Error(`move refused: ${JSON.stringify(error)}`);
  }
  if (game.status === 'finished') over(game);
}

async function read(gameId: string): Promise<Game> {
  const { data, error } = await api.GET('/v1/games/{id}', { params: { path: { id: gameId } } });
  if (!data) throw new Error(`cannot read the game: ${JSON.stringify(error)}`);
  return data;
}

function over(game: Game): void {
  if (finished.has(game.id)) return;
  finished.add(game.id);
  const s = forget(game.id);
  const o = game.outcome;
  const searched = s.decisions ? `; ${s.decisions} searches, ${s.decisions - s.beliefFailed} of them on a position matching all it saw` : '';
  console.log(`game over: ${game.title} #${game.number}: ${o?.winner ? (o.winner === game.role ? 'won' : 'lost') : 'no winner'} (${o?.reason ?? ''})${searched}`);
  if (finished.size >= stopAfter) stop.abort();
}

const { data: me } = await api.GET('/v1/me');
if (!me) {
  console.error('The token was refused: make a new one in Settings.');
  process.exit(2);
}
console.log(`signed in as ${me.name}${me.bot ? ' (a bot account)' : ''}; playing ${mode.kind === 'random' ? 'at random' : `as the computer, ${mode.level}`}`);

try {
  for await (const e of accountEvents(baseUrl, token, stop.signal)) {
    if (e.event === 'ready') {
      // What came before we listened: challenges waiting, games waiting for our move.
      const { data: waiting } = await api.GET('/v1/challenges', { params: { query: { direction: 'in', status: 'open' } } });
      for (const c of waiting?.items ?? []) await accept(c);
      const { data: mine } = await api.GET('/v1/games', { params: { query: { mine: true, status: 'active' } } });
      for (const g of mine?.items ?? []) play(g.id);
    } else if (e.event === 'challenge') await accept(e.data as Challenge);
    else if (e.event === 'game') {
      const g = e.data as { id: string; status: string };
      if (g.status === 'active' || g.status === 'finished') play(g.id);
    }
  }
} catch (err) {
  if (!stop.signal.aborted) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
console.log('stopped');
process.exit(0);
