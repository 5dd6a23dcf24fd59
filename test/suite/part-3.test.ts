// Part 3 of the suite (see parts.ts): takes test files in turn until none is left.
import { runPart } from './parts.js';

runPart(3);
