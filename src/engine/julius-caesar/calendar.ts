// 2.0 The game's calendar: five Years, 705 to 709 BC, each of five game turns then a Winter Turn.
// Shared by the sections that need a date (the deal, Player 1 on the first turn, victory after
// the last Year) and by flow.ts, which decides when a Year's turns are over.

export const FIRST_YEAR = 705;
export const LAST_YEAR = 709;
export const TURNS_PER_YEAR = 5;
