// End to end, as a third-party client: two users play whole games over real HTTP with the client
// generated from openapi.yaml (test/client/), each choosing seeded random legal actions, until
// the game ends. The stored games then replay to their snapshots.
import t, { type Test } from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { aleaClient, registered, type Action, type AleaClient, type Game } from '../client/api.js';
import { chooser } from '../helpers/chooser.js';
import { listen, testServer } from '../helpers/server.js';

async function read(client: AleaClient, id: string): Promise<Game> {
  const { data, error, response } = await client.GET('/v1/games/{id}', { params: { path: { id } } });
  if (!data) throw new Error(`GET game: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

type GameId = 'julius-caesar' | 'caesars-gallic-war';
const ROLES: Record<GameId, string[]> = { 'julius-caesar': ['Caesar', 'Pompey'], 'caesars-gallic-war': ['Roman', 'Barbarian'] };

async function playToTheEnd(t: Test, base: string, seed: number, gameId: GameId, options: Record<string, string | boolean>) {
  const a = await registered(base, 'Julia', `julia.${seed}@example.org`);
  const b = await registered(base, 'Cornelia', `cornelia.${seed}@example.org`);
  const created = await a.client.POST('/v1/games', { body: { game: gameId, role: 'random', options, visibility: 'private' } });
  t.equal(created.response.status, 201);
  const game = created.data!;
  t.equal(game.status, 'open');
  t.ok(game.invite, 'a private game has an invite for its creator');
  const joined = await b.client.POST('/v1/games/{id}/join', { params: { path: { id: game.id } }, body: { inviteCode: game.invite!.code } });
  t.equal(joined.response.status, 200);
  t.equal(joined.data!.status, 'active');

  const clients: Record<string, AleaClient> = { [game.role!]: a.client, [joined.data!.role!]: b.client };
  t.same(new Set(Object.keys(clients)), new Set(ROLES[gameId]), 'one seat each');
  for (const [name, value] of Object.entries(options)) t.equal(game.options[name], value, `the game keeps its option ${name}`);
  const pick = chooser(seed);
  let actions = 0;
  let sealed = 0;
  let current = joined.data!;
  const surprises: string[] = [];
  while (current.status === 'active') {
    const role = current.pending[pick(current.pending.length)]!;
    const mine = await read(clients[role]!, game.id);
    if (mine.role !== role || mine.legalActions.length === 0) surprises.push(`${role} pending without legal actions at version ${mine.version}`);
    const action: Action = mine.legalActions[pick(mine.legalActions.length)]!;
    if (action.type === 'play' && pick(2) === 0) {
      // Half of the card plays go through the sealed-play endpoint.
      const res = await clients[role]!.POST('/v1/games/{id}/plays', {
        params: { path: { id: game.id } },
        body: { card: String(action.card), version: mine.version },
      });
      if (!res.data) throw new Error(`play: ${res.response.status} ${JSON.stringify(res.error)}`);
      current = res.data;
      sealed++;
    } else {
      const res = await clients[role]!.POST('/v1/games/{id}/actions', { params: { path: { id: game.id } }, body: { action, version: mine.version } });
      if (!res.data) throw new Error(`action ${JSON.stringify(action)}: ${res.response.status} ${JSON.stringify(res.error)}`);
      current = res.data;
    }
    actions++;
    if (actions > 5000) throw new Error('the game does not end');
  }
  t.same(surprises, [], 'whoever is pending has legal actions');
  t.equal(current.status, 'finished');
  t.ok(current.outcome, 'the game has an outcome');
  t.same(current.pending, []);
  t.same(current.legalActions, []);
  t.ok(sealed > 0, 'some cards were played through /plays');
  const final = await read(clients[ROLES[gameId][0]!]!, game.id);
  t.same(final.outcome, current.outcome);
  t.equal(final.version, actions + 1, 'one version per action, after the start');

  const mine = await a.client.GET('/v1/games', { params: { query: { mine: true, status: 'finished' } } });
  t.ok(mine.data!.items.some((g) => g.id === game.id), 'the game is in my finished games');
  const log = await b.client.GET('/v1/games/{id}/log', { params: { path: { id: game.id } } });
  t.ok(log.data!.entries.length > 10);
  return actions;
}

t.test('two users play whole games of Julius Caesar with the generated client', async (t) => {
  const { app, db } = await testServer(t);
  const base = await listen(app);
  const health = await aleaClient(base).GET('/healthz');
  t.equal(health.data?.status, 'ok');
  const historical = await playToTheEnd(t, base, 7, 'julius-caesar', { scenario: 'historical' });
  const free = await playToTheEnd(t, base, 11, 'julius-caesar', { scenario: 'free-deployment' });
  t.comment(`played ${historical} and ${free} actions`);
  const report = await verifyGames(db.prisma);
  t.same(report, { checked: 2, mismatches: [] }, 'both games replay to their snapshots');
});

t.test("two users play a whole game of Caesar's Gallic War, optional rules on, with the generated client", async (t) => {
  const { app, db } = await testServer(t);
  const base = await listen(app);
  const actions = await playToTheEnd(t, base, 13, 'caesars-gallic-war', { yearlyObjectives: true, historicalReinforcements: true, restrictedNaval: true });
  t.comment(`played ${actions} actions`);
  const report = await verifyGames(db.prisma);
  t.same(report, { checked: 1, mismatches: [] }, 'the game replays to its snapshot');
});
