// The one door to the shared engine kit's keyed generator: every die and shuffle of this game goes
// through here, so the generator can change in one place.

export { copyRng, createRng, randomInt, rollD6, shuffle, type RngState } from '../kit/random.js';
