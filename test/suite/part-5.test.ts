// Part 5 of the suite's test files (see parts.ts).
import { runPart } from './parts.js';

await runPart(5);
