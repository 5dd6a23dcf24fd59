// The battle panel, where a battle is played in either game: a landmark named "Battle …", the
// round and whose turn it is, the blocks of both sides in the order they act (a row per
// initiative letter, the Defender's column first, as the rules fire them), the Reserves apart
// until they arrive, a tick on each block that has had its battle turn this round (the view's
// `battle.acted`), a button for every battle action the player may take (named by the action's
// label), and the dice of this battle only, round by round, read from the log.
import type { ComponentChildren } from 'preact';
import type { Act } from './actions';
import { BlockChip } from './chip';
import type { MapBlock } from './stacks';
import { count } from './words';

export interface BattleBlock {
  block: MapBlock;
  side: string;
  /** The row it acts in (an initiative letter), or 'reserve'. */
  row: string;
  /** It has had its battle turn this round (fired, passed or retreated). */
  acted?: boolean;
}

export interface BattleRow {
  key: string;
  label: string;
}

export interface Shot {
  who: string;
  rolls: number[];
  /** The rating a die must not exceed to hit (the firepower), when the log gives it. */
  rating: number | null;
  hits: number;
}

export interface BattleRound {
  round: number;
  lines: (string | Shot)[];
}

const FIRE = /^(.*) fires: ([\d, ]+)(?: —|:) (\d+) hits?\.?$/;
const ROUND = /^Round (\d+)/;

/**
 * This battle's entries, round by round, from a log that holds its start: the entries after the
 * last "Battle in …" line. A log that no longer holds the start (only its last entries) is all
 * this battle's.
 */
export function battleRounds(log: readonly string[]): BattleRound[] {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i]!.startsWith('Battle in ')) {
      start = i;
      break;
    }
  const rounds: BattleRound[] = [{ round: 1, lines: [] }];
  for (const line of log.slice(start + 1)) {
    const r = ROUND.exec(line);
    if (r) {
      if (Number(r[1]) !== rounds[rounds.length - 1]!.round) rounds.push({ round: Number(r[1]), lines: [] });
      continue;
    }
    const f = FIRE.exec(line);
    const cur = rounds[rounds.length - 1]!;
    if (f) {
      const rating = /\(([A-D])(\d+)[,)][^(]*$/.exec(f[1]!);
      cur.lines.push({ who: f[1]!, rolls: f[2]!.split(',').map((x) => Number(x.trim())), rating: rating ? Number(rating[2]) : null, hits: Number(f[3]) });
    } else cur.lines.push(line);
  }
  return rounds.filter((r) => r.lines.length > 0 || r === rounds[rounds.length - 1]);
}

function ShotLine({ s }: { s: Shot }) {
  return (
    <>
      {s.who}:{' '}
      <span class="dice">
        {s.rolls.map((r) => {
          const hit = s.rating !== null && r <= s.rating;
          return (
            <span class={`die${hit ? ' hit' : ''}`} role="img" aria-label={`rolled ${r}${hit ? ', a hit' : ''}`}>
              {r}
            </span>
          );
        })}
      </span>{' '}
      {count(s.hits, 'hit')}
    </>
  );
}

export interface BattlePanelProps {
  /** "Battle at Rome", "Battle in Arverni", "Battle: choose the next one". */
  title: string;
  /** Who attacks, the round, whose turn: a line of the game's own words. */
  summary?: ComponentChildren;
  attacker?: string;
  defender?: string;
  /** The table's caption, when the order is not the usual one (Defender first): a surprise battle's. */
  caption?: string;
  rows?: BattleRow[];
  blocks?: BattleBlock[];
  /** The row acting now (highlighted). */
  actingRow?: string | null;
  rounds?: BattleRound[];
  actions: Act[];
  label: (a: Act) => string;
  /** The name of an action's block, to group a block's actions under it. */
  blockName: (id: string) => string;
  busy: boolean;
  onAct: (a: Act) => void;
}

export function BattlePanel(p: BattlePanelProps) {
  const rows = (p.rows ?? []).filter((r) => p.blocks?.some((b) => b.row === r.key));
  const general = p.actions.filter((a) => !a.block);
  const byBlock = new Map<string, Act[]>();
  for (const a of p.actions) if (a.block) byBlock.set(a.block, [...(byBlock.get(a.block) ?? []), a]);
  const rounds = p.rounds ?? [];
  return (
    <section class="panel battle" aria-label={p.title}>
      <h2>{p.title}</h2>
      {p.summary && <p>{p.summary}</p>}
      {rows.length > 0 && p.attacker && p.defender && (
        <table class="battle-board">
          <caption class="sr-only">{p.caption ?? 'The blocks in the order they act: a row per initiative, the Defender first'}</caption>
          <thead>
            <tr>
              <td></td>
              <th scope="col">
                Defender: <span class={`side-${p.defender}`}>{p.defender}</span>
              </th>
              <th scope="col">
                Attacker: <span class={`side-${p.attacker}`}>{p.attacker}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr class={`${r.key === p.actingRow ? 'acting' : ''}${r.key === 'reserve' ? ' reserves' : ''}`} key={r.key}>
                <th scope="row">{r.label}</th>
                {[p.defender!, p.attacker!].map((side) => (
                  <td>
                    {p.blocks!.filter((b) => b.row === r.key && b.side === side).map((b) =>
                      b.acted ? (
                        <span class="acted" title="Has had its battle turn this round">
                          <BlockChip m={{ ...b.block, name: `${b.block.name}, has acted this round` }} />
                        </span>
                      ) : (
                        <BlockChip m={b.block} />
                      ),
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && p.blocks?.some((b) => b.acted) && <p class="muted legend">✓ has had its battle turn this round.</p>}
      {p.actions.length > 0 && (
        <div class="battle-actions" role="group" aria-label="Your battle actions">
          {general.map((a) => (
            <button disabled={p.busy} onClick={() => p.onAct(a)}>
              {p.label(a)}
            </button>
          ))}
          {[...byBlock].map(([id, acts]) => (
            <div class="block-actions">
              <span class="who">{p.blockName(id)}</span>
              {acts.map((a) => (
                <button class={a.type === 'fire' || a.type === 'hit' ? '' : 'secondary'} disabled={p.busy} onClick={() => p.onAct(a)}>
                  {p.label(a)}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
      {rounds.some((r) => r.lines.length) && (
        <div class="battle-dice">
          <h3>This battle, round by round</h3>
          {[...rounds].reverse().map((r) => (
            <>
              <h4>Round {r.round}</h4>
              <ul aria-label={`Round ${r.round}`}>
                {r.lines.map((l) => (
                  <li>{typeof l === 'string' ? l : <ShotLine s={l} />}</li>
                ))}
              </ul>
            </>
          ))}
        </div>
      )}
    </section>
  );
}
