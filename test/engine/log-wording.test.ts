// One style for the logs of both games (issue 41, item 8): arrows are "→" (never "->"), every
// line but a turn heading is a sentence with its full stop, a leader moving says it is one
// ("Caesar moves Caesar (leader) Ravenna → Rome."), a VP change is written once with the total
// before and after, as the supply is ("Legio VII eliminated: Roman VP 0 → −5.").
import t from 'tap';
import { DEFINITIONS } from '../../src/engine/games.js';
import { BLOCKS as JC_BLOCKS } from '../../src/engine/julius-caesar/data/blocks.js';
import { playouts } from '../helpers/playouts.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 4);
const LEADERS = JC_BLOCKS.filter((b) => b.type === 'leader').map((b) => b.name);

for (const d of DEFINITIONS) {
  const m = d.module;
  // JC-42 (the log each side reads) / CGW-5
  t.test(`${m.id}: every line of the log in the one style`, async (t) => {
    const bad = new Map<string, string>();
    let moves = 0;
    const r = playouts(m, { games: GAMES, salt: 4300 });
    t.same(r.failures, []);
    for (const end of r.ends) {
      for (const line of (m.fullView!(end) as { log: string[] }).log) {
        const why =
          line.includes('->') ? 'an arrow "->"'
          : d.logHeading(line) === null && !/[.!?]$/.test(line) ? 'no full stop'
          : /\bRoman VP [+-]\d+ \(/.test(line) ? 'the old VP line'
          : null;
        if (why && !bad.has(why)) bad.set(why, line);
        const move = /^(Caesar|Pompey) (?:moves|ships|regroups|retreats) (.+?) [A-Z][\w ]* → /.exec(line);
        if (move) {
          moves++;
          for (const name of move[2]!.split(', ')) if (LEADERS.includes(name)) bad.set('a leader not said to be one', line);
        }
      }
    }
    t.same(Object.fromEntries(bad), {}, 'no line out of style');
    if (m.id === 'julius-caesar') t.ok(moves > 10, `${moves} move lines read`);
  });
}
