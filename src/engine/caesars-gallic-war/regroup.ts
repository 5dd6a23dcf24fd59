// 6G Regroup: the victor's surviving units (reserves included) may move to adjacent friendly or
// empty areas, within border limits, never into an unfought battle, only Germans into Germania;
// Roman units in a port may instead regroup by sea, at most 2 into each port.
//
// Actions:
//   { type: 'regroup', block, to } / { type: 'done' }

import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { BORDER_LIMIT } from './data/tables.js';
import { logSecret } from './log.js';
import { areaName, isPort, links, OFF_MAP, portsReachable } from './map.js';
import { maySail } from './naval.js';
import type { Role } from './roles.js';
import { blockId, blocksAt, data, friendlyOrEmpty, idx, type State } from './state.js';
import { mayWithdrawInto, mayWithdrawVia, openAreas, type Open } from './retreat.js';

export function beginRegroup(s: State, at: AreaId, role: Role, winter: boolean): void {
  s.regroup = { area: at, role, counts: {}, seaCounts: {}, winter };
  if (mayRegroup(s)) s.step = 'regroup';
  else s.regroup = null;
}

function targets(s: State, i: number, open?: Open): { to: string; sea: boolean }[] {
  const g = s.regroup!;
  const out: { to: string; sea: boolean }[] = [];
  if (g.winter && g.role === 'Roman') {
    if (mayWithdrawInto(s, g.role, i, g.area, OFF_MAP, open)) out.push({ to: OFF_MAP, sea: false });
    return out;
  }
  for (const l of links(g.area)) {
    if (!mayWithdrawVia(s, g.role, i, l, open)) continue;
    if ((g.counts[l.to] ?? 0) >= (l.kind === 'limited' ? Infinity : BORDER_LIMIT[l.kind])) continue;
    out.push({ to: l.to, sea: false });
  }
  if (g.role === 'Roman' && isPort(g.area) && maySail(s, i)) {
    for (const p of portsReachable(g.area)) {
      if (out.some((o) => o.to === p) || !(open ? open(p) : friendlyOrEmpty(s, p, g.role)) || (g.seaCounts[p] ?? 0) >= 2) continue;
      out.push({ to: p, sea: true });
    }
  }
  return out;
}

/** Whether any of the victor's units may still regroup somewhere. */
function mayRegroup(s: State): boolean {
  const g = s.regroup!;
  const open = openAreas(s, g.role);
  return blocksAt(s, g.area, g.role).some((i) => targets(s, i, open).length > 0);
}

export function regroupActions(s: State): Action[] {
  const g = s.regroup!;
  const out: Action[] = [];
  const open = openAreas(s, g.role);
  for (const i of blocksAt(s, g.area, g.role)) for (const t of targets(s, i, open)) out.push({ type: 'regroup', block: blockId(i), to: t.to });
  out.push({ type: 'done' });
  return out;
}

export function applyRegroup(s: State, role: Role, a: Action): void {
  const g = s.regroup!;
  if (a.type === 'done') {
    s.regroup = null;
    s.step = 'idle';
    return;
  }
  const i = idx(a.block as string);
  const t = targets(s, i).find((x) => x.to === a.to)!;
  if (t.sea) g.seaCounts[t.to] = (g.seaCounts[t.to] ?? 0) + 1;
  else g.counts[t.to] = (g.counts[t.to] ?? 0) + 1;
  s.loc[i] = t.to;
  logSecret(s, role, `${data(i).name} regroups to ${areaName(t.to)}${t.sea ? ' by sea' : ''}.`, `A ${role} unit regroups to ${areaName(t.to)}.`);
  if (!mayRegroup(s)) {
    s.regroup = null;
    s.step = 'idle';
  }
}
