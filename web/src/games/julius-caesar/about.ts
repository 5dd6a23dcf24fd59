// This game's words and choices, from its definition (src/engine/julius-caesar/about.ts and its log
// headings): what its folder's board, cards and entry use, from one owner.
import { sealedCardChoice } from '../../../../src/engine/definition';
import { about } from '../../../../src/engine/julius-caesar/about';
import type { Act } from '../../board/actions';

export { about };
export { battleOrderCaption, logHeading, yearText } from '../../../../src/engine/julius-caesar/headings';

/** Is this legal action a sealed choice (a card chosen face down)? */
export const sealed: (a: Act) => boolean = sealedCardChoice(about.sealed);
