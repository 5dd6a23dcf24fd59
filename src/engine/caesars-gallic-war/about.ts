// Caesar's Gallic War in words and choices (src/engine/definition.ts's About): no rules here, so
// the web client imports this file as it is. The module (index.ts), the state's default options
// (state.ts) and the definition take these from it.
import type { About } from '../definition.js';
import { ROLES } from './roles.js';

export const about = {
  id: 'caesars-gallic-war',
  title: "Caesar's Gallic War",
  roles: ROLES,
  description: 'The conquest of Gaul, 58–51 BC: the Roman legions against the Gallic and German tribes, eight years of card plays, political actions, revolts, sieges and battles.',
  // The optional rules (all off by default but Legio I, the designer's errata).
  options: [
    { name: 'yearlyObjectives', title: 'Yearly Objectives (10), scored in 7.9', short: 'Yearly Objectives', values: [false, true], default: false },
    { name: 'historicalReinforcements', title: 'Historical Reinforcements (11)', short: 'Historical Reinforcements', values: [false, true], default: false },
    { name: 'restrictedNaval', title: 'Restricted Naval Movement (11)', short: 'Restricted Naval Movement', values: [false, true], default: false },
    { name: 'legionI', title: 'Legio I in the force pool (errata of 29 November 2025)', short: 'Legio I', values: [true, false], default: true },
    { name: 'altCardValues', title: 'The older card values', short: 'the older card values', values: [false, true], default: false },
  ],
  // The card of the round, chosen face down by both.
  sealed: ['play'],
  // The 2nd edition's rulebook and data are published by its designer, Daniel Berger.
  rules: { url: 'https://columbiagames.com/', by: 'Columbia Games, its publisher' },
} as const satisfies About;
