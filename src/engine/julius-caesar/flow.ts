// The state machine. STEPS says, for every step where someone decides, who acts, what is legal and
// what an action does; the rules live in the files named after the rulebook's sections. flow.ts
// alone owns the transitions: a section's function reports what it finished (a boolean "over", a
// battle's victor, Player 1 after the reveal) and the functions below decide what comes next, in
// the order of the rulebook: 2.0 a game turn (Card Phase, Command Phase, Battle Phase), 8.0 the
// Winter Turn, a new Year. Section files import shared queries only, never each other.

import type { Action } from '../types.js';
import { noDecision, step, type StepRules, type Steps } from '../kit/steps.js';
import { currentSlot } from './battle-order.js';
import { applyBattle, applyChoose, battleActions, battlesLeft, beginBattles, chooseActions, startBattle, type BattleWon } from './battles.js';
import { TURNS_PER_YEAR } from './calendar.js';
import {
  applyDiscard,
  applyPlay,
  cardsPending,
  discardActions,
  discardPending,
  endTurn,
  playActions,
  reveal,
  startTurn,
  startYear,
} from './cards.js';
import { applyCommand, applySurprise, beginCommand, commandActions, endCommand, surpriseActions } from './command.js';
import {
  applyJupiter,
  applyJupiterPlace,
  applyVulcan,
  beginJupiter,
  beginVulcan,
  jupiterActions,
  jupiterPlaceActions,
  vulcanActions,
} from './gods.js';
import { applyRegroup, beginRegroup, regroupActions } from './regroups.js';
import { other, type Role } from './roles.js';
import { applyDeploy, deployActions, deployPending } from './setup.js';
import type { State } from './state.js';
import { checkVictory } from './victory.js';
import {
  applyDisband,
  applyNavis,
  applySupply,
  beginDisbanding,
  beginNavisToPort,
  beginWinter,
  beginWinterSupply,
  disbandActions,
  navisActions,
  supplyActions,
  yearReset,
} from './winter.js';

/** What an action of a step does (kit/steps.ts). */
type Apply = StepRules<State, Role>['apply'];

const cmdRole = (s: State): Role[] => (s.cmd ? [s.cmd.role] : []);

const commandStep = (actions: (s: State, role: Role) => Action[], apply: Apply): StepRules<State, Role> => step(cmdRole, actions, apply);

/** An action that may finish its section's part (it returns true then): `next` is what follows. */
const onFinish =
  (apply: (s: State, role: Role, a: Action) => boolean, next: (s: State) => void): Apply =>
  (s, role, a) => {
    if (apply(s, role, a)) next(s);
  };

/** The owner of the blocks taking hits, or of the blocks whose battle turn it is. */
const battleRole = (s: State): Role[] => {
  const b = s.battle;
  if (!b) return [];
  if (b.hits) return [b.hits.role];
  const slot = currentSlot(s);
  return slot ? [slot[0]] : [];
};

const p1 = (s: State): Role[] => (s.p1 ? [s.p1] : []);
const regroupRole = (s: State): Role[] => (s.regroup ? [s.regroup.role] : []);
const winterRole = (s: State): Role[] => (s.winter ? [s.winter] : []);

export const STEPS: Steps<State, Role> = {
  deploy: { pending: deployPending, actions: deployActions, apply: onFinish(applyDeploy, startYear) },
  discard: { pending: discardPending, actions: discardActions, apply: onFinish(applyDiscard, startTurn) },
  cards: { pending: cardsPending, actions: playActions, apply: onFinish(applyPlay, cardsRevealed) },
  command: commandStep(commandActions, onFinish(applyCommand, commandOver)),
  jupiter: commandStep(jupiterActions, onFinish(applyJupiter, commandOver)),
  'jupiter-place': commandStep(
    (s) => jupiterPlaceActions(s),
    (s, role, a) => {
      applyJupiterPlace(s, role, a);
      commandOver(s);
    },
  ),
  vulcan: commandStep(vulcanActions, (s, role, a) => {
    applyVulcan(s, role, a);
    commandOver(s);
  }),
  surprise: commandStep(surpriseActions, (s, role, a) => {
    applySurprise(s, role, a);
    nextCommand(s);
  }),
  'battle-choose': step(p1, chooseActions, (s, role, a) => afterBattle(s, applyChoose(s, role, a))),
  battle: { pending: battleRole, actions: battleActions, apply: (s, role, a) => afterBattle(s, applyBattle(s, role, a)) },
  hits: { pending: battleRole, actions: battleActions, apply: (s, role, a) => afterBattle(s, applyBattle(s, role, a)) },
  regroup: step(regroupRole, regroupActions, onFinish(applyRegroup, nextBattle)),
  'winter-navis': step(winterRole, navisActions, onFinish(applyNavis, winterSupply)),
  'winter-supply': step(winterRole, supplyActions, onFinish(applySupply, beginDisbanding)),
  'winter-disband': step(winterRole, disbandActions, onFinish(applyDisband, newYear)),
  over: noDecision(),
};

export function pendingRoles(s: State): Role[] {
  return STEPS[s.step].pending(s);
}

// ---- What comes next ----

/** A new game (setup.ts): 5.3 free deployment first when chosen, else at once the first Year's deal (2.1). */
export function startGame(s: State): State {
  if (s.step !== 'deploy') startYear(s);
  return s;
}

/** 2.1: both cards are revealed; two God cards cancel the turn (JC-22), else Player 1 commands first. */
function cardsRevealed(s: State): void {
  const p1 = reveal(s);
  if (p1) command(s, p1);
  else turnOver(s);
}

/** 6.0: a player's command: moves then levies, or the power of Jupiter or Vulcan (gods.ts). */
function command(s: State, role: Role): void {
  beginCommand(s, role);
  const god = s.cmd!.god;
  if (god === 'Jupiter') {
    if (beginJupiter(s)) commandOver(s);
  } else if (god === 'Vulcan') {
    if (beginVulcan(s)) commandOver(s);
  } else s.step = 'command';
}

/** A player's command is over: Mars or Neptune may first designate a battle (JC-173). */
function commandOver(s: State): void {
  if (endCommand(s)) nextCommand(s);
}

/** 2.2: Player 2 commands after Player 1; after both, the Battle Phase (7.0). */
function nextCommand(s: State): void {
  const role = s.cmd!.role;
  if (role === s.p1) command(s, other(role));
  else {
    beginBattles(s);
    nextBattle(s);
  }
}

/** 7.1: Player 1 chooses the next battle; the last one is fought without asking; then the turn ends. */
function nextBattle(s: State): void {
  const locs = battlesLeft(s);
  if (locs.length === 0) turnOver(s);
  else if (locs.length === 1) afterBattle(s, startBattle(s, locs[0]!));
  else s.step = 'battle-choose';
}

/** After a battle action: when the battle has ended (`won`), its victor regroups (7.7), then the next battle. */
function afterBattle(s: State, won: BattleWon | null): void {
  if (won && beginRegroup(s, won.loc, won.victor)) nextBattle(s);
}

/** 2.0: after the Battle Phase (or a cancelled turn) the next turn, or after the fifth the Winter Turn (JC-25). */
function turnOver(s: State): void {
  endTurn(s);
  if (s.turn >= TURNS_PER_YEAR) winter(s);
  else startTurn(s);
}

/** 8.0: 8.1 Cleopatra goes home, 8.2 victory, 8.3 Navis to port, then 8.4 and 8.5. */
function winter(s: State): void {
  beginWinter(s);
  if (checkVictory(s)) return; // JC-3, JC-8: the game ends at 8.2
  if (beginNavisToPort(s)) winterSupply(s);
}

/** 8.4 winter supply, then 8.5 disbanding. */
function winterSupply(s: State): void {
  if (beginWinterSupply(s)) beginDisbanding(s);
}

/** 8.6: the Year reset, then the next Year's deal (2.1). */
function newYear(s: State): void {
  yearReset(s);
  startYear(s);
}
