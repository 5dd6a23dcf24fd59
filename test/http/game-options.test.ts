// A game's options: each module's own (GameModule.options), checked by name and value when the game
// is created, stored with it, passed to the engine's setup, and shown in every answer; and the
// views of both games as openapi.yaml publishes them (one schema per game, told apart by `game`).
import t from 'tap';
import { Ajv } from 'ajv';
import { games } from '../../src/engine/index.js';
import { loadOpenApi } from '../../src/http/openapi.js';
import { apiServer, look } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

t.test("Caesar's Gallic War: options by name, defaults filled in, shown in the lobby and passed to the engine", async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Labienus');
  const res = await u.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', options: { yearlyObjectives: true, restrictedNaval: true } });
  t.equal(res.status, 201, res.text);
  t.same(res.body.options, { yearlyObjectives: true, historicalReinforcements: false, restrictedNaval: true, legionI: true, altCardValues: false }, 'every option, the defaults filled in');
  t.same(res.body.openRoles, ['Barbarian']);
  const lobby = await u.client.get('/v1/games?status=open');
  t.same(lobby.body.items.find((g: any) => g.id === res.body.id).options.yearlyObjectives, true, 'the lobby shows them');
  const b = await s.signUp('Vercingetorix');
  const joined = await b.client.post(`/v1/games/${res.body.id}/join`, {});
  t.equal(joined.status, 200);
  t.equal(joined.body.role, 'Barbarian');
  t.same(joined.body.view.options, { yearlyObjectives: true, historicalReinforcements: false, restrictedNaval: true, legionI: true, altCardValues: false }, 'the engine was set up with them');
  t.equal(joined.body.view.game, 'caesars-gallic-war');
  t.ok(joined.body.legalActions.length > 0 && joined.body.legalActions.every((a: any) => a.type === 'play'));
});

t.test("CGW-84 Caesar's Gallic War: a new game is played under the rules' last revision; a game stored without one, under the first", async (t) => {
  // CGW-84: revision 2 names a battle's main group once for each new origin (kit/revisions.ts).
  const s = await apiServer(t);
  const u = await s.signUp('Labienus');
  const b = await s.signUp('Vercingetorix');
  const stored = async (id: string) => (await s.db.prisma.$queryRawUnsafe<{ options: Record<string, unknown> }[]>(`SELECT options FROM games WHERE id = '${id}'`))[0]!.options;
  const made = await u.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' });
  t.equal(made.status, 201, made.text);
  t.equal((await stored(made.body.id)).revision, '2', 'stored with the game');
  t.notOk('revision' in made.body.options, 'no option anyone chooses: not among the options shown');
  t.equal((await b.client.post(`/v1/games/${made.body.id}/join`, {})).body.view.rulesRevision, 2, 'the engine was set up under it, and the view says so');

  const old = await u.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' });
  await s.db.prisma.$executeRawUnsafe(`UPDATE games SET options = options - 'revision' WHERE id = '${old.body.id}'`);
  t.equal((await b.client.post(`/v1/games/${old.body.id}/join`, {})).body.view.rulesRevision, 1, 'a game stored before revisions: the first');
  t.equal((await look(u, old.body.id)).view.rulesRevision, 1, 'and so it replays');

  const asked = await u.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', options: { revision: '1' } });
  t.equal(asked.status, 400, 'a revision is not chosen by a player');
  t.match(asked.body.errors, [{ path: '/options/revision' }]);
});

t.test('Julius Caesar: the scenario as an option or as before; games stored without options show the defaults', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const a = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', options: { scenario: 'free-deployment' } });
  t.equal(a.status, 201);
  t.same([a.body.scenario, a.body.options], ['free-deployment', { scenario: 'free-deployment' }]);
  const b = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', scenario: 'free-deployment' });
  t.same(b.body.options, { scenario: 'free-deployment' });
  const c = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.same(c.body.options, { scenario: 'historical' });
  await s.db.prisma.$executeRawUnsafe(`UPDATE games SET options = '{}' WHERE id = '${c.body.id}'`);
  t.same((await look(u, c.body.id)).options, { scenario: 'historical' }, 'a game stored before options: the defaults');
});

t.test('bad options: 400 naming each, and no game made', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const cases: [Record<string, unknown>, string][] = [
    [{ game: 'caesars-gallic-war', role: 'Roman', options: { yearlyObjective: true } }, '/options/yearlyObjective'],
    [{ game: 'caesars-gallic-war', role: 'Roman', options: { restrictedNaval: 'yes' } }, '/options/restrictedNaval'],
    [{ game: 'caesars-gallic-war', role: 'Roman', options: { scenario: 'historical' } }, '/options/scenario'],
    [{ game: 'caesars-gallic-war', role: 'Roman', scenario: 'free-deployment' }, '/options/scenario'],
    [{ game: 'julius-caesar', role: 'Caesar', options: { yearlyObjectives: true } }, '/options/yearlyObjectives'],
    [{ game: 'julius-caesar', role: 'Caesar', options: { scenario: 'random' } }, '/options/scenario'],
    [{ game: 'julius-caesar', role: 'Caesar', scenario: 'historical', options: { scenario: 'free-deployment' } }, '/scenario'],
    [{ game: 'julius-caesar', role: 'Roman' }, '/role'],
    [{ game: 'caesars-gallic-war', role: 'Pompey' }, '/role'],
  ];
  for (const [body, path] of cases) {
    const res = await u.client.post('/v1/games', body);
    t.equal(res.status, 400, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.ok(res.body.errors.some((e: any) => e.path === path), `${JSON.stringify(body)} names ${path}: ${JSON.stringify(res.body.errors)}`);
  }
  t.equal((await u.client.get('/v1/games?mine=true')).body.items.length, 0, 'no game was made');
});

t.test("each game's view schema in openapi.yaml accepts every view of random games, and only its own game's", async (t) => {
  const doc = loadOpenApi().document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(doc as object, 'openapi.yaml');
  const schemas: Record<string, string> = { 'julius-caesar': 'JuliusCaesarView', 'caesars-gallic-war': 'CaesarsGallicWarView' };
  t.same(Object.keys(schemas).sort(), Object.keys(games).sort(), 'a schema for every game');
  for (const [id, name] of Object.entries(schemas)) {
    const m = games[id]!;
    const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${name}`)!;
    const other = ajv.getSchema(`openapi.yaml#/components/schemas/${schemas[Object.keys(schemas).find((k) => k !== id)!]}`)!;
    const problems = new Set<string>();
    let views = 0;
    for (let g = 0; g < 3; g++) {
      const pick = chooser(g + 1);
      let s = m.setup(testSeed(g + 1), {});
      for (let n = 0; !m.outcome(s) && n < 5000; n++) {
        for (const role of [...m.roles, null]) {
          const v = m.view(s, role);
          views++;
          if (!validate(v)) for (const e of validate.errors!) problems.add(`${e.instancePath.replace(/\/\d+/g, '/N')} ${e.message}`);
          if (other(v)) problems.add(`a view of ${id} passes the other game's schema`);
        }
        const role = m.pending(s)[0]!;
        const legal = m.legalActions(s, role);
        s = m.apply(s, role, legal[pick(legal.length)]!);
      }
      t.ok(m.outcome(s), `${id} game ${g + 1} ended`);
    }
    t.same([...problems], [], `${id}: ${views} views valid for ${name}`);
  }
});

t.test("a game's options are checked by its own schema in openapi.yaml before the service sees them", async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Quintus');
  const res = await u.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', options: { restrictedNaval: 'yes' } });
  t.equal(res.status, 400);
  t.match(res.body.detail, /request body is not valid/, 'refused by the schema (CaesarsGallicWarOptions)');
  t.ok(res.body.errors.some((e: any) => e.path === '/options/restrictedNaval'));
  const jc = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', options: { restrictedNaval: true } });
  t.equal(jc.status, 400);
  t.match(jc.body.detail, /request body is not valid/, 'refused by the schema (JuliusCaesarOptions)');
  t.ok(jc.body.errors.some((e: any) => e.path === '/options/restrictedNaval'));
});
