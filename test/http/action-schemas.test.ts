// Each game's actions as openapi.yaml publishes them (JuliusCaesarAction, CaesarsGallicWarAction:
// a oneOf told apart by `type`): every legal action of random games of both games, with the
// options on and off, validates against its game's schema and, with its label, as a LegalAction;
// a made-up type, a missing member or an extra one does not.
import t from 'tap';
import { Ajv } from 'ajv';
import { games, type Action } from '../../src/engine/index.js';
import { loadOpenApi } from '../../src/http/openapi.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

const doc = loadOpenApi().document;
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema(doc as object, 'openapi.yaml');
const schema = (name: string) => ajv.getSchema(`openapi.yaml#/components/schemas/${name}`)!;
const SCHEMAS: Record<string, string> = { 'julius-caesar': 'JuliusCaesarAction', 'caesars-gallic-war': 'CaesarsGallicWarAction' };
const OPTIONS: Record<string, Record<string, string | boolean>[]> = {
  'julius-caesar': [{ scenario: 'historical' }, { scenario: 'free-deployment' }],
  'caesars-gallic-war': [{}, { yearlyObjectives: true, historicalReinforcements: true, restrictedNaval: true, legionI: false, altCardValues: true }],
};

/** The `type`s a game's schema lists (its discriminator's mapping). */
function typesOf(name: string): string[] {
  return Object.keys((doc.components!.schemas![name] as { discriminator: { mapping: Record<string, string> } }).discriminator.mapping);
}

t.test("every legal action of random games validates against its game's action schema", async (t) => {
  t.same(Object.keys(SCHEMAS).sort(), Object.keys(games).sort(), 'a schema for every game');
  const legalAction = schema('LegalAction');
  for (const [id, name] of Object.entries(SCHEMAS)) {
    const m = games[id]!;
    const validate = schema(name);
    const problems = new Set<string>();
    const seen = new Set<string>();
    // An action listed again (the same move offered step after step) validates as it did: each
    // distinct action, and each distinct labelled one, is validated once.
    const validated = new Set<string>();
    let checked = 0;
    for (const [k, options] of OPTIONS[id]!.entries()) {
      for (let g = 0; g < 3; g++) {
        const pick = chooser(100 * k + g + 1);
        let s = m.setup(testSeed(100 * k + g + 1), options);
        for (let n = 0; !m.outcome(s) && n < 20_000; n++) {
          const pending = m.pending(s);
          for (const role of pending) {
            for (const a of m.legalActions(s, role)) {
              checked++;
              seen.add(a.type);
              const key = JSON.stringify(a);
              if (!validated.has(key)) {
                validated.add(key);
                if (!validate(a)) for (const e of validate.errors!) problems.add(`${a.type}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
              }
              const labelled = { ...a, label: m.describe ? m.describe(s, role, a) : a.type };
              const labelledKey = JSON.stringify(labelled);
              if (!validated.has(labelledKey)) {
                validated.add(labelledKey);
                if (!legalAction(labelled)) problems.add(`${a.type} with its label is not a LegalAction`);
              }
            }
          }
          const role = pending[pick(pending.length)]!;
          const legal = m.legalActions(s, role);
          s = m.apply(s, role, legal[pick(legal.length)]!);
        }
        t.ok(m.outcome(s), `${id} game ${k}.${g} ended`);
      }
    }
    t.same([...problems], [], `${id}: ${checked} legal actions (${validated.size} distinct, labelled or not) valid for ${name}`);
    const unseen = typesOf(name).filter((x) => !seen.has(x));
    t.same([...seen].filter((x) => !typesOf(name).includes(x)), [], `${name} lists every type seen`);
    t.comment(`${name}: types not met in these games: ${unseen.join(', ') || 'none'}`);
  }
});

t.test('the action schemas refuse what is not an action of the game', async (t) => {
  const jc = schema('JuliusCaesarAction');
  const cgw = schema('CaesarsGallicWarAction');
  const bad: [ReturnType<typeof schema>, Action | Record<string, unknown>, string][] = [
    [jc, { type: 'teleport', block: 'C-L13' }, 'a type the game does not have'],
    [jc, { type: 'move', block: 'C-L13' }, 'a move without its path'],
    [jc, { type: 'fire', block: 'C-L13', dice: 6 }, 'a member the action does not have'],
    [jc, { type: 'declare', action: 'move' }, "the other game's action"],
    [cgw, { type: 'levy', block: 'R-L7', city: 'Roma' }, "Julius Caesar's levy"],
    [cgw, { type: 'move', block: 'R-L7', path: ['a', 'b', 'c'] }, 'a march of three areas'],
    [cgw, { type: 'build', block: 'R-L7', strength: 5 }, 'a build of five steps'],
    [cgw, { type: 'political', area: 'Aedui', vercingetorix: 'yes' }, 'a bonus that is not a boolean'],
    [cgw, { card: 'c1' }, 'no type'],
  ];
  for (const [validate, value, why] of bad) t.notOk(validate(value), why);
  t.ok(cgw({ type: 'political', area: 'Aedui' }), 'the bonus is optional');
  t.ok(jc({ type: 'retreat', block: 'C-L13', to: 'Roma', sea: 'Tyrrhenian' }), "Julius Caesar's retreat by sea");
});
