// A short human label for each legal action, written from the acting role's own view: a block is
// named only when that role may see it (its own, a neutral tribe, or one revealed in the battle being
// fought), so a label never tells more than the view does. The service shows these as `label`.

import type { Action } from '../types.js';
import { isReserve } from './battle.js';
import { CARDS } from './data/cards.js';
import { areaName } from './map.js';
import type { Role } from './roles.js';
import { data, hasBlock, idx, type State } from './state.js';

// Cards with the same name (the two Minor Revolts) keep their number, so every label is distinct.
const cardNames = new Map(CARDS.map((c) => [c.id, CARDS.filter((d) => d.name === c.name).length > 1 ? `${c.name} ${c.id.replace(/^\D+/, '')}` : c.name]));

const ACTION_NAMES: Record<string, string> = {
  supply: 'a Supply Action',
  activation: 'a Neutral Tribe Activation',
  political: 'a Political Action',
  movement: 'Movement',
  event: 'the event',
};

/** The 'done' of each step, in words. */
const DONE: Partial<Record<State['step'], string>> = {
  withdraw: 'Withdraw no more Germans: fight',
  move: 'Finish moving',
  regroup: 'Finish regrouping',
  'winter-legions': 'Send the other legions home',
  'winter-barbarian': 'Send the other units home',
  replacements: 'Buy no more replacements',
  reinforcements: 'Build no more legions',
  respond: 'Send no more legions',
};

export function describe(s: State, role: Role, a: Action): string {
  const block = (id: unknown) => blockName(s, role, id);
  const area = (id: unknown) => (id === 'fort' ? 'the fort' : areaName(String(id)));
  const blocks = (ids: unknown) => (Array.isArray(ids) && ids.length ? ids.map(block).join(' and ') : 'nobody');
  switch (a.type) {
    case 'take-massive-revolt':
      return 'Take the Massive Revolt card into your hand';
    case 'decline':
      return s.step === 'vercingetorix-home' ? `Keep ${area(s.leaderHome.vercingetorix)} as Vercingetorix's home` : 'Leave the Massive Revolt card in the deck';
    case 'play':
      return `Play ${cardNames.get(String(a.card)) ?? String(a.card)}`;
    case 'declare':
      return `Announce ${ACTION_NAMES[String(a.action)] ?? String(a.action)}`;
    case 'political':
      return `Political Action in ${area(a.area)}${a.vercingetorix ? ", with Vercingetorix's bonus" : ''}`;
    case 'reinforce':
      return `Baggage Train: add a step to ${blocks(a.blocks)}`;
    case 'cut-supply':
      return 'Baggage Train: cut the Roman supply by 2';
    case 'revolt':
      return `Revolt in ${area(a.area)}`;
    case 'place':
      return `Place ${block(a.leader)} in ${area(a.area)}`;
    case 'home':
      return `Make ${area(a.area)} Vercingetorix's home`;
    case 'group':
      return `Activate the group in ${area(a.area)}`;
    case 'go':
      return 'Move the activated groups';
    case 'move': {
      const path = Array.isArray(a.path) ? a.path.map(area) : [];
      return `Move ${block(a.block)} to ${path.join(' then ')}${path.length > 1 ? ' (force march)' : ''}`;
    }
    case 'sail':
      return `Sail ${block(a.block)} to ${area(a.to)}`;
    case 'main':
      return `In ${area(a.area)}, the group from ${area(a.from)} is the main group`;
    case 'attrition':
      return `${block(a.block)} loses a step to overstacking`;
    case 'battle':
      return `Fight the battle in ${area(a.area)}`;
    case 'withdraw':
      return `${block(a.block)} withdraws from the game`;
    case 'fort':
      return `Inside the fort: ${blocks(a.blocks)}`;
    case 'sortie':
      return `Sortie to join the relief: ${blocks(a.blocks)}`;
    case 'fire':
      return `Fire with ${block(a.block)}`;
    case 'pass':
      return `${block(a.block)} passes`;
    case 'retreat':
      return `Retreat ${block(a.block)} to ${area(a.to)}`;
    case 'hit':
      return `${block(a.block)} takes the hit`;
    case 'assault':
      return 'Assault the fort';
    case 'retreat-all':
      return 'Retreat rather than assault the fort';
    case 'regroup':
      return `Regroup ${block(a.block)} to ${area(a.to)}`;
    case 'stay':
      return `${block(a.block)} winters where it is`;
    case 'enter':
      return `${block(a.block)} enters Transalpine Gaul`;
    case 'unsupplied':
      return `${block(a.block)} goes without supply (loses a step)`;
    case 'replace':
      return `Buy a step for ${block(a.block)}`;
    case 'build':
      return `Build ${block(a.block)} at strength ${String(a.strength)}`;
    case 'respond':
      return `Send ${block(a.block)} to reinforce ${area(s.battle?.area)} (1 supply)`;
    case 'bot':
      return 'The bot plays its turn';
    case 'done':
      return DONE[s.step] ?? 'Done';
    default:
      return a.type;
  }
}

/** A block's name if `role` may see who it is; otherwise only whose it is. */
function blockName(s: State, role: Role, id: unknown): string {
  if (!hasBlock(id)) return String(id);
  const i = idx(id);
  const owner = s.owner[i];
  const revealed = s.battle !== null && s.battle.area === s.loc[i] && !isReserve(s, i);
  if (owner === null || owner === role || revealed) return data(i).name;
  return `a ${owner} unit`;
}
