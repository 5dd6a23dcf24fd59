// openapi.yaml is made from its parts (scripts/openapi-build.ts): the service's own and each
// game's. The committed file is what they make now, and every registered game brings its View,
// Action, Catalog and Options schemas, listed wherever the contract lists every game's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { parse } from 'yaml';
import { contractText, schemaPrefix } from '../scripts/openapi-build.js';
import { DEFINITIONS } from '../src/engine/games.js';
import { projectPath } from '../src/paths.js';

t.test('openapi.yaml is what src/http/api.yaml and the games\' api.yaml make', async (t) => {
  t.equal(readFileSync(projectPath('openapi.yaml'), 'utf8'), contractText(), 'up to date (npm run generate writes it)');
});

t.test("every game's schemas are in the contract, and listed with every game's", async (t) => {
  const doc = parse(contractText());
  const schemas = doc.components.schemas;
  t.same(schemas.GameModuleId.enum, DEFINITIONS.map((d) => d.module.id));
  t.same(schemas.Role.enum, DEFINITIONS.flatMap((d) => d.module.roles));
  for (const d of DEFINITIONS) {
    const p = schemaPrefix(d.module.id);
    for (const kind of ['View', 'Action', 'Catalog', 'Options']) t.ok(schemas[`${p}${kind}`], `${d.module.id}: ${p}${kind}`);
    t.equal(schemas.GameView.discriminator.mapping[d.module.id], `#/components/schemas/${p}View`);
    t.ok(schemas.GameAction.anyOf.some((s: { $ref: string }) => s.$ref === `#/components/schemas/${p}Action`));
    t.same(Object.keys(schemas[`${p}Options`].properties), (d.module.options ?? []).map((o) => o.name), 'its options, from its definition');
  }
});

t.test('a third game is spliced in beside the others', async (t) => {
  const one = DEFINITIONS[0]!;
  const schemas = join(t.testdir(), 'api.yaml');
  writeFileSync(schemas, readFileSync(one.schemas, 'utf8').replaceAll(schemaPrefix(one.module.id), 'ThirdGame'));
  const third = { ...one, schemas: pathToFileURL(schemas), module: { ...one.module, id: 'third-game', title: 'Third Game', roles: ['Red', 'Blue'] } };
  const doc = parse(contractText([...DEFINITIONS, third]));
  t.same(doc.components.schemas.GameModuleId.enum.at(-1), 'third-game');
  t.ok(doc.components.schemas.Role.enum.includes('Red'));
  t.equal(doc.components.schemas.GameView.discriminator.mapping['third-game'], '#/components/schemas/ThirdGameView');
  t.ok(doc.components.schemas.ThirdGameOptions);
});
