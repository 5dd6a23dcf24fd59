// One numbering of the log for everyone (issue 41, item 6): both players and an observer see a log
// of the same length at every moment, so entry 12 is entry 12 whoever quotes it; an entry written
// for one role alone shows to the others as hidden, in words that never carry its text.
import t from 'tap';
import { DEFINITIONS } from '../../src/engine/games.js';
import { hiddenEntry } from '../../src/engine/kit/words.js';
import { playouts } from '../helpers/playouts.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 4);

for (const d of DEFINITIONS) {
  const m = d.module;
  // JC-42, JC-57 (the deal and the free deployment stay hidden) / CGW-5
  t.test(`${m.id}: every reader numbers the log alike, and a hidden entry shows only that it is there`, async (t) => {
    let hidden = 0;
    const r = playouts(m, {
      games: GAMES,
      salt: 4200,
      check(s) {
        const logs = [...m.roles, null].map((role) => (m.view(s, role) as { log: string[] }).log);
        const full = (m.fullView ? (m.fullView(s) as { log: string[] }) : null)?.log ?? logs[0]!;
        for (const log of logs) if (log.length !== full.length) return `a log of ${log.length} entries beside one of ${full.length}`;
        for (let j = 0; j < full.length; j++) {
          for (const [k, role] of [...m.roles, null].entries()) {
            const line = logs[k]![j]!;
            if (!line.startsWith('An entry only ')) continue;
            hidden++;
            if (role !== null && line === hiddenEntry(role)) return `${role} is told its own entry ${j + 1} is hidden`;
            if (line === full[j]) return `entry ${j + 1} is both hidden and shown`;
          }
        }
        return null;
      },
    });
    t.same(r.failures, []);
    if (m.id === 'julius-caesar') t.ok(hidden > 0, `${hidden} hidden entries seen (each side's deal)`);
  });
}
