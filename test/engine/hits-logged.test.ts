// Every hit rolled is a line of the log, in both games: the block that takes it and its new strength
// (or its elimination, a half hit, Cleopatra's change of sides), or "N hits fall on no one". Over
// seeded random games, each "fires: …: N hits." line is followed, before the next one, by exactly
// N hit lines, so a player reading the log can add up every battle.
import t from 'tap';
import { DEFINITIONS } from '../../src/engine/games.js';
import { playouts } from '../helpers/playouts.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 12);

const FIRES = /fires: [\d, ]+(?::|—) (\d+) hits?\.$/;
const ONE_HIT = /^(?:(?:Caesar|Pompey)'s )?.+ takes (?:a hit|a half hit|a second half hit)\b/;
const NO_ONE = /^(\d+) hits? falls? on no one\.$/;

interface Entry {
  t: string | null;
  [role: string]: unknown;
}

/** The first broken battle: a fire line whose hits the lines after it do not account for. */
export function unaccounted(log: Entry[]): string | null {
  let open: { line: string; rolled: number; logged: number } | null = null;
  const close = () => (open && open.logged !== open.rolled ? `"${open.line}" then ${open.logged} hit lines` : null);
  for (const e of log) {
    const line = e.t;
    if (line === null) continue;
    const f = FIRES.exec(line);
    if (f) {
      const bad = close();
      if (bad) return bad;
      open = { line, rolled: Number(f[1]), logged: 0 };
      continue;
    }
    const lost = NO_ONE.exec(line);
    const n = lost ? Number(lost[1]) : ONE_HIT.test(line) ? 1 : 0;
    if (n === 0) continue;
    if (!open) return `"${line}" with no fire before it`;
    open.logged += n;
  }
  return close();
}

for (const d of DEFINITIONS) {
  const m = d.module;
  // JC-36, JC-121 (hits beyond the targets are lost) / CGW-3, CGW-79, CGW-93 (half hits)
  t.test(`${m.id}: over seeded games, hits logged = hits rolled`, async (t) => {
    let fires = 0;
    const r = playouts(m, {
      games: GAMES,
      salt: 4100,
      check(s: any) {
        if (s.battle?.hits) return null; // the owner is still choosing where the rest go
        const log = s.log as Entry[];
        return unaccounted(log);
      },
    });
    t.same(r.failures, []);
    for (const end of r.ends as { log: Entry[] }[]) fires += end.log.filter((e) => e.t !== null && FIRES.test(e.t)).length;
    t.ok(fires > 20, `${fires} fire lines checked`);
  });
}

t.test('the counting sees a hit left out', async (t) => {
  t.match(unaccounted([{ t: 'Legio VII (B2, 4) fires: 1, 2, 6, 6: 2 hits.' }, { t: 'Helvetii takes a hit: 8 → 6.' }]), /then 1 hit lines/);
  t.equal(unaccounted([{ t: 'Legio VII (B2, 4) fires: 1, 2, 6, 6: 2 hits.' }, { t: 'Helvetii takes a hit: 8 → 6.' }, { t: '1 hit falls on no one.' }]), null);
});
