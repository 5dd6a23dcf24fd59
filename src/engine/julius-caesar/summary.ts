// What an email says of a Julius Caesar position (src/engine/definition.ts's ViewSummary): the
// date, the task in a few words, whether the sealed card play is on. Read from one role's view
// only, so it can say nothing that role may not see.
import type { ViewSummary } from '../definition.js';
import { yearText } from './headings.js';
import type { JCView } from './view.js';

/** "706 (48 BC), turn 3", "Winter 706 (48 BC)", "705 (49 BC)" before turn 1: the Year as the pages write it. */
function when(v: JCView): string {
  if (v.turn === 6 || v.phase === 'winter') return `Winter ${yearText(v.year)}`;
  if (!v.turn) return yearText(v.year);
  return `${yearText(v.year)}, turn ${v.turn}`;
}

/** What the role must do now, by the phase. */
function task(v: JCView): string {
  switch (v.phase) {
    case 'deployment':
      return 'deploy your blocks';
    case 'discard':
      return 'discard a card';
    case 'card':
      return 'play a card';
    case 'command':
      return 'give your orders';
    case 'battle':
      return v.battle ? `battle in ${v.battle.location}` : 'choose the next battle';
    case 'winter':
      return 'winter';
    default:
      return 'your move';
  }
}

export function summary(v: JCView): ViewSummary {
  return {
    when: when(v),
    task: task(v),
    sealed: v.phase === 'card',
    cardPlay: `${v.year}/${v.turn}`,
    prompt: v.prompt,
    p1: v.p1,
    log: v.log,
  };
}
