// The shapes a change to a game is made of: who asks (ChangeRequest), the game as the change
// finds it (Locked), and what the change decided to do (Decision). In a file of their own so that
// the parts of a change (checks, seat clocks, the write, the transaction) share them without
// importing each other.
import type { GameModule, Outcome } from '../../../engine/index.js';
import type { EmailPreference, GameEntryKind, GameRow, SeatClock } from '../../../store/games.js';
import type { GameTx } from '../../../store/game-tx.js';
import type { IdempotencyKey } from '../idempotency.js';
import type { Derived } from '../recent-states.js';

export interface ChangeRequest {
  userId: string;
  gameId: string;
  idempotency?: IdempotencyKey;
}

/** The game as the change finds it, under its row lock. */
export interface Locked {
  row: GameRow;
  module: GameModule;
  /** The engine state; null while the game is open. */
  state: unknown;
  /** What was worked out of that state already (its views: e.g. the mover's, by the GET before the move). */
  derived: Derived;
  version: number;
  /** The caller's role, or null if the caller is not seated. */
  role: string | null;
  tx: GameTx;
  now: Date;
}

/** What a change does, as its `decide` decided it (written by recordChange, write.ts). */
export interface Decision {
  kind: GameEntryKind;
  /** The role acting (for a start: the role just taken). */
  role: string;
  action: unknown;
  /** The engine state after the change. */
  state: unknown;
  /** Ends the game with this outcome whatever the rules say (a resignation, a time-out). */
  outcome?: Outcome;
  /** The game ends without a result (both players abandoned it): status `abandoned`, never rated. */
  abandoned?: boolean;
  /** A seat the change takes (joining). */
  joined?: {
    userId: string;
    name: string;
    handle: string | null;
    /** A bot account (src/app/bot-accounts/). */
    bot?: boolean;
    email: string;
    emailConfirmed: boolean;
    emailPreference: EmailPreference;
    vacationEndsAt: Date | null;
    /** The seed the joining player adds to the dice (null in a game without a commitment). */
    seed: { seed: string; byServer: boolean } | null;
  };
  /** New time controls for roles that stay pending (an extension). */
  clocks?: Record<string, SeatClock>;
  /**
   * Who made the change when no person did, and so its log entry has no user: the game's rulebook
   * bot (bot.ts), the computer opponent (src/app/computer/runner.ts), or the service itself (an
   * abandonment: time-controls.ts). Not stored: an entry made so is one with no user (and an
   * account deleted since leaves its entries with none too).
   */
  madeBy?: 'bot' | 'computer' | 'service';
  /**
   * An undo: the role that may undo next (the now latest standing action is its, and the engine
   * allows taking it back), '' if nobody (play.ts works it out while it replays the game).
   */
  undoRole?: string;
}
