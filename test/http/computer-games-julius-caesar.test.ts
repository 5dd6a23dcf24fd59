// Whole games of Julius Caesar over HTTP against the computer, the person in each seat in turn
// (test/helpers/computer.ts): every move of the computer legal, the games replayed by verify.
import t from 'tap';
import { playWholeGames, type Seat } from '../helpers/computer.js';

// Whole games take minutes on a busy 2-core machine: more than the suite's 300 s per file.
t.setTimeout(900_000);

const SEATS: Seat[] = [
  { game: 'julius-caesar', person: 'Caesar', computer: 'Pompey' },
  { game: 'julius-caesar', person: 'Pompey', computer: 'Caesar' },
];

t.test("a person plays whole games of Julius Caesar against the computer over HTTP, in either seat; every move of the computer is legal", (t) => playWholeGames(t, SEATS, 5));
