// What an email says of a Caesar's Gallic War position (src/engine/definition.ts's ViewSummary):
// the year, the task in a few words, whether the sealed card play is on. Read from one role's
// view only, so it can say nothing that role may not see.
import type { ViewSummary } from '../definition.js';
import type { CGWView } from './view.js';

/** The steps of a battle (6). */
const BATTLE_STEPS = new Set(['withdraw', 'fort', 'battle', 'hits', 'assault', 'sortie', 'forced-retreat', 'regroup']);

/** What the role must do now, by the step. */
function task(v: CGWView): string {
  const step: string = v.step;
  if (step === 'play') return 'play a card';
  if (step === 'declare') return 'announce your action';
  if (step === 'massive-option') return 'take the Massive Revolt or decline';
  if (step === 'designate' || step === 'move' || step === 'attrition') return 'move';
  if (step === 'battle-choose') return 'choose the next battle';
  if (BATTLE_STEPS.has(step)) return v.battle?.area ? `battle in ${v.battle.area}` : 'battle';
  if (step.startsWith('winter-') || step === 'replacements' || step === 'reinforcements') return 'winter';
  return 'your move';
}

export function summary(v: CGWView): ViewSummary {
  return {
    when: `${v.yearBC} BC`,
    task: task(v),
    sealed: v.step === 'play',
    cardPlay: `${v.yearBC}/${v.turn}`,
    prompt: v.prompt,
    p1: null,
    log: v.log,
  };
}
