// The state machine. STEPS says, for every step where someone decides, who acts, what is legal and
// what an action does; the rules live in the files named after the rulebook's sections. flow.ts
// alone owns the transitions: a step's apply sets s.step = 'idle' when its decision is over, and
// proceed() runs the queue of work (s.tasks) until the next decision (the kit's defineModule calls
// it after every action). Section files import shared
// queries only, never each other's "begin" functions.

import { noDecision, step, type Steps } from '../kit/steps.js';
import { activationAction } from './activation.js';
import {
  applyAssault,
  applyBattleAction,
  applyFort,
  applyForcedRetreat,
  applyHit,
  applySortie,
  applyWithdraw,
  assaultActions,
  battleActions,
  battleRole,
  battlesDue,
  chooseActions,
  openBattle,
  forcedRetreatActions,
  fortStepActions,
  hitActions,
  sortieStepActions,
  startBattle,
  withdrawActions,
} from './battle.js';
import {
  applyDeclare,
  applyMassiveOption,
  applyPlay,
  declareActions,
  declarePending,
  endRound,
  handsEmpty,
  massiveOptionActions,
  playActions,
  playPending,
  startTurn,
} from './cards.js';
import type { AreaId } from './data/map.js';
import { AREA_IDS } from './map.js';
import {
  applyBuild,
  applyReplacement,
  applyWinterBarbarian,
  applyWinterLegions,
  applyWinterSupply,
  buildActions,
  END_TURN_PARTS,
  endTurnPart,
  replacementActions,
  winterBarbarianActions,
  winterBattleDue,
  winterFight,
  winterLegionActions,
  winterSupplyActions,
} from './endturn.js';
import { applyBaggage, applyLeader, applyRevolt, baggageActions, leaderActions, revoltActions, startEvent } from './events.js';
import { applyVercingetorixHome, vercingetorixHomeActions } from './leaders.js';
import { logPublic } from './log.js';
import {
  applyAttrition,
  applyDesignate,
  applyMove,
  attritionActions,
  beginAttrition,
  designateActions,
  moveActions,
} from './movement.js';
import { applyPolitical, politicalActions, politicalTargets } from './political.js';
import { applyRegroup, beginRegroup, regroupActions } from './regroup.js';
import type { Role } from './roles.js';
import { cardAp, type State, type Task } from './state.js';
import { supplyAction } from './supply.js';
import { applyRespond, beginResponse, nextSoloRound, respondActions, revealBotCard } from './solitaire.js';
import { playBotCard } from './bot.js';

/** The player resolving the current card's action. */
const actor = (s: State): Role[] => (s.current ? [s.current.side] : []);
const barbarian = (): Role[] => ['Barbarian'];
const roman = (): Role[] => ['Roman'];
const inBattle = (s: State): Role[] => {
  const r = battleRole(s);
  return r ? [r] : [];
};
const chooser = (s: State): Role[] => {
  const t = s.tasks[0];
  return t && t.kind === 'battles' ? [t.chooser] : [];
};

export const STEPS: Steps<State, Role> = {
  'massive-option': step(barbarian, () => massiveOptionActions(), applyMassiveOption),
  play: step(playPending, playActions, applyPlay),
  declare: step(declarePending, declareActions, applyDeclare),
  political: step(actor, politicalActions, applyPolitical),
  baggage: step(actor, (s) => baggageActions(s), applyBaggage),
  revolt: step(actor, revoltActions, (s, role, a) => {
    const tasks = applyRevolt(s, role, a);
    if (tasks) s.tasks.unshift(...withBattlesAfterMoves(tasks));
  }),
  leader: step(barbarian, (s) => leaderActions(s, s.current!.leader!.leader, s.current!.leader!.areas), (s, role, a) => {
    applyLeader(s, role, a);
    s.current!.leader = null;
  }),
  designate: step(actor, designateActions, applyDesignate),
  move: step(actor, moveActions, applyMove),
  'battle-choose': step(chooser, (s) => chooseActions(s), (s, _role, a) => {
    const t = s.tasks[0] as Extract<Task, { kind: 'battles' }>;
    beginBattle(s, a.area as never, t.chooser, t.winter === true);
  }),
  withdraw: step(inBattle, (s) => withdrawActions(s), applyWithdraw),
  fort: step(inBattle, (s) => fortStepActions(s), applyFort),
  // The pending role is the one whose units act next: battleActions checks it with the one listing of them.
  battle: { pending: inBattle, actions: battleActions, apply: applyBattleAction },
  hits: step(inBattle, (s) => hitActions(s), applyHit),
  assault: step(inBattle, () => assaultActions(), applyAssault),
  sortie: step(inBattle, (s) => sortieStepActions(s), applySortie),
  'forced-retreat': step(inBattle, (s) => forcedRetreatActions(s), applyForcedRetreat),
  regroup: step((s) => (s.regroup ? [s.regroup.role] : []), (s) => regroupActions(s), applyRegroup),
  attrition: step((s) => (s.attrition[0] ? [s.attrition[0].role] : []), (s) => attritionActions(s), applyAttrition),
  'vercingetorix-home': step(barbarian, (s) => vercingetorixHomeActions(s), applyVercingetorixHome),
  'winter-legions': step(roman, (s) => winterLegionActions(s), applyWinterLegions),
  'winter-barbarian': step(barbarian, (s) => winterBarbarianActions(s), applyWinterBarbarian),
  'winter-supply': step(roman, (s) => winterSupplyActions(s), applyWinterSupply),
  replacements: step(roman, (s) => replacementActions(s), applyReplacement),
  reinforcements: step(roman, (s) => buildActions(s), applyBuild),
  // 12 Solitaire: the bot resolves its card (bot.ts); the Roman may reinforce a battle about to start.
  bot: step(barbarian, () => [{ type: 'bot' }], (s) => playBotCard(s)),
  respond: step(roman, (s) => respondActions(s), (s, _role, a) => {
    if (applyRespond(s, a)) openBattle(s);
  }),
  idle: noDecision(),
  over: noDecision(),
};

/** Major and Massive Revolt: the battles of the event's movement are fought at once (13.4, checklist 163). */
function withBattlesAfterMoves(tasks: Task[]): Task[] {
  const out: Task[] = [];
  for (const t of tasks) {
    out.push(t);
    if (t.kind === 'event-move') out.push({ kind: 'battles', chooser: t.side });
  }
  return out;
}

export function pendingRoles(s: State): Role[] {
  return STEPS[s.step].pending(s);
}

/** Runs queued work until a player must decide (or the game ends). */
export function proceed(s: State): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.result) {
      s.step = 'over';
      s.battle = null;
      s.regroup = null;
      return;
    }
    if (s.step !== 'idle') {
      // A decision with nothing to choose from would stall the game: skip it safely.
      if (pendingRoles(s).length > 0 || s.step === 'over') return;
      s.step = 'idle';
      s.battle = null;
      s.regroup = null;
      continue;
    }
    if (s.regroup) {
      s.step = 'regroup';
      continue;
    }
    const t = s.tasks[0];
    if (!t) throw new Error('the game has no work queued and no decision pending');
    if (t.kind === 'battles') {
      // 7.3.2: the legions coming home attack Barbarian units in Transalpine Gaul at once.
      if (t.winter && winterBattleDue(s)) winterFight(s);
      const due = battlesDue(s);
      if (due.length === 0) {
        const subdued = s.subdued.shift();
        if (subdued && !t.winter) {
          beginRegroup(s, subdued, 'Barbarian', false);
          continue;
        }
        s.tasks.shift();
        continue;
      }
      if (due.length === 1) beginBattle(s, due[0]!, t.chooser, t.winter === true);
      else s.step = 'battle-choose';
      continue;
    }
    s.tasks.shift();
    switch (t.kind) {
      case 'action':
        startAction(s, t.side, t.type);
        break;
      case 'event-move':
        s.current = { ...s.current!, groups: [], offMapGroups: 0, offMapMoved: 0, groupsLeft: t.groups, only: t.areas, naval: {}, navalPaid: [] };
        s.step = 'designate';
        break;
      case 'leader':
        if (leaderActions(s, t.leader, t.areas).length === 0) {
          logPublic(s, 'No leader can be placed.');
          break;
        }
        s.current!.leader = { leader: t.leader, areas: t.areas };
        s.step = 'leader';
        break;
      case 'regroup':
        beginRegroup(s, t.area, t.role, t.winter);
        break;
      case 'attrition':
        beginAttrition(s);
        break;
      case 'end-round':
        endRound(s);
        if (handsEmpty(s)) s.tasks = END_TURN_PARTS.map((part) => ({ kind: 'end-turn', part }));
        else if (s.solo) nextSoloRound(s);
        else s.step = 'play';
        break;
      case 'bot-card':
        revealBotCard(s);
        break;
      case 'solo-play':
        s.step = 'play';
        break;
      case 'end-turn':
        if (t.part === 'next' && s.turn < 8) {
          endTurnPart(s, t.part);
          s.turn++;
          s.tasks = [];
          startTurn(s);
          break;
        }
        endTurnPart(s, t.part);
        if (t.part === 'legions') s.tasks.unshift({ kind: 'battles', chooser: 'Roman', winter: true });
        if (t.part === 'next' && s.turn >= 8 && !s.result) throw new Error('the game ended without a result');
        break;
    }
  }
  throw new Error('the game did not reach a decision');
}

/** 6: a battle begins; in the solitaire game (12) the defender may first send help instead of reserves. */
export function beginBattle(s: State, at: AreaId, chooser: Role, winter: boolean): void {
  const wasNeutral = startBattle(s, at, chooser, winter);
  if (s.solo && beginResponse(s, wasNeutral)) return;
  openBattle(s);
}

function startAction(s: State, side: Role, type: State['declared']['Roman'] & string): void {
  const card = s.played[side]!;
  const ap = cardAp(s, card, side);
  s.current = { side, type, card, ap, groups: [], offMapGroups: 0, offMapMoved: 0, groupsLeft: ap, only: null, revolt: null, leader: null, navalPaid: [], naval: {} };
  switch (type) {
    case 'supply':
      supplyAction(s, side, ap);
      return;
    case 'activation':
      activationAction(s, side, card);
      return;
    case 'political':
      s.tasks.unshift({ kind: 'battles', chooser: side });
      if (politicalTargets(s, side).length === 0) {
        logPublic(s, `The ${side}'s Political Action has no target left.`);
        return;
      }
      s.step = 'political';
      return;
    case 'event':
      s.tasks.unshift({ kind: 'battles', chooser: side });
      startEvent(s, side, card);
      return;
    case 'movement':
      s.step = 'designate';
      return;
  }
}

export { AREA_IDS };
