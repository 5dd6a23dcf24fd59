// The contract every registered game honours (src/engine/types.ts, src/engine/definition.ts), run
// over each game of src/engine/games.ts: random games to their end under each of its option sets
// (test/helpers/playouts.ts: legal actions, apply, no mutation, replay, plain JSON), views that are
// plain JSON for every role and the observer, the same seed giving the same game, illegal actions
// refused with a RuleError, and the definition's own parts: its words agree with its module, its
// summary of every view is whole, its sealed choices are among the legal actions of a sealed card
// play, its log has turn headings, its schemas file is there. A new game gets all of this by being
// registered; its own rules and secrets are its own tests'.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { DEFINITIONS } from '../../src/engine/games.js';
import type { SetupOptions } from '../../src/engine/types.js';
import { playouts } from '../helpers/playouts.js';
import { testSeed } from '../helpers/seeds.js';

const GAMES = Number(process.env.CONTRACT_GAMES ?? 6);

for (const d of DEFINITIONS) {
  const m = d.module;
  // Each option's every value, one option at a time, beside the defaults.
  const optionSets: SetupOptions[] = [{}, ...(m.options ?? []).flatMap((o) => o.values.filter((v) => v !== o.default).map((v) => ({ [o.name]: v })))];

  t.test(`${m.id}: its definition agrees with its module`, async (t) => {
    t.equal(d.about.id, m.id);
    t.equal(d.about.title, m.title);
    t.same([...d.about.roles], m.roles);
    t.same(d.about.options, m.options ?? []);
    for (const o of m.options ?? []) t.ok(o.values.includes(o.default), `${o.name}: its default is one of its values`);
    t.ok(existsSync(fileURLToPath(d.schemas)), 'its schemas file is there');
  });

  t.test(`${m.id}: random games to their end keep the contract, and what the definition says of them holds`, async (t) => {
    let sealedSeen = 0;
    let headings = 0;
    const problems: string[] = [];
    const r = playouts(m, {
      games: GAMES,
      options: (g) => optionSets[g % optionSets.length]!,
      check: (s, n) => {
        if (n % 11 !== 0) return null;
        const pending = m.pending(s);
        for (const viewer of [...m.roles, null]) {
          const v = m.view(s, viewer);
          if (!isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v)) return `${viewer ?? 'the observer'}'s view is not plain JSON`;
          if (viewer === null) continue;
          const sum = d.summary(v);
          if (typeof sum.when !== 'string' || !sum.task || typeof sum.sealed !== 'boolean' || typeof sum.cardPlay !== 'string' || !Array.isArray(sum.log)) return `${viewer}'s summary is not whole: ${JSON.stringify(sum)}`;
          const legal = pending.includes(viewer) ? m.legalActions(s, viewer) : [];
          // A sealed card play: every pending role's choices are sealed ones (the bot's turn aside).
          if (sum.sealed && pending.length === 2 && legal.length && !legal.some((a) => d.sealed(a))) problems.push(`${viewer}: a sealed card play with no sealed choice`);
          if (legal.some((a) => d.sealed(a))) sealedSeen++;
        }
        return null;
      },
    });
    t.same(r.failures, [], `${GAMES} games, ${r.actions} actions: ${JSON.stringify(r.endings)}`);
    t.same(problems, []);
    for (const end of r.ends) headings += (m.fullView?.(end) as { log?: string[] } | undefined)?.log?.filter((l) => d.logHeading(l) !== null).length ?? 0;
    t.ok(sealedSeen > 0, `sealed choices offered (${sealedSeen} times)`);
    t.ok(headings >= r.ends.length, `turn headings in the logs (${headings})`);
  });

  t.test(`${m.id}: the same seed gives the same game; illegal actions are refused and change nothing`, async (t) => {
    t.equal(JSON.stringify(m.setup(testSeed(42))), JSON.stringify(m.setup(testSeed(42))));
    t.not(JSON.stringify(m.setup(testSeed(42))), JSON.stringify(m.setup(testSeed(43))));
    const s = m.setup(testSeed(5));
    const frozen = JSON.stringify(s);
    const role = m.pending(s)[0]!;
    t.throws(() => m.apply(s, 'Nobody', { type: 'done' }), { name: 'RuleError' }, 'an unknown role');
    t.throws(() => m.apply(s, role, null as never), { name: 'RuleError' }, 'no action');
    t.throws(() => m.apply(s, role, { type: 'no-such-action' }), { name: 'RuleError' }, 'an unknown type');
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    t.throws(() => m.apply(s, role, { type: m.legalActions(s, role)[0]!.type, card: deep as never }), { name: 'RuleError' }, 'nested too deep');
    t.throws(() => m.apply(s, role, { ...m.legalActions(s, role)[0]!, extra: 1 }), { name: 'RuleError' }, 'an unknown member');
    t.equal(JSON.stringify(s), frozen);
    t.same(m.legalActions(s, 'Nobody'), [], 'no actions for an unknown role');
    t.throws(() => m.setup('not a seed'), 'a seed of another form is refused');
  });
}
