// What a client may be told about a game. Together with the engine's view() this is the only
// place that turns stored games into answers: the state itself, the seed and the log's actions
// never leave here; the engine's view(state, role) and legalActions(state, role) for the
// caller's own role (or the observer's view) are the only windows onto the state.
import { definitionOf, type Action, type GameDefinition, type GameModule, type Outcome } from '../../engine/index.js';
import type { Config } from '../../config/config.js';
import { levelTitle, searchMultiple } from '../../search/levels.js';
import { presentOptions, type GameOptions } from './game-options.js';
import type { GameRow, GameSummaryRow, GameStatus } from '../../store/games.js';

export type ApiStatus = 'open' | 'active' | 'finished';

/** A player as every answer names them: their id, name, and name in links (/players/<handle>). */
export interface PlayerRef {
  id: string;
  name: string;
  handle: string;
  /** A bot account (src/app/bot-accounts/): shown as one wherever its name is. */
  bot?: true;
}

/** A player's rating before and after a rated game, in whole points as shown (change = after - before). */
export interface RatingChangeView {
  before: number;
  after: number;
  change: number;
}

export interface SeatView {
  role: string;
  user: PlayerRef;
  pending: boolean;
  deadline: string | null;
  /** A rated game that has ended: this player's rating before and after it. */
  rating: RatingChangeView | null;
  /** The seed this player added to the dice (public from the start); null in a game without a commitment. */
  playerSeed: string | null;
  /** Who drew it: the player's client, or the server for a client that sent none. */
  playerSeedBy: 'player' | 'server' | null;
}

/** A rating change as shown: whole points (the stored ratings keep every digit). */
export function ratingChangeView(r: { before: number; after: number } | null | undefined): RatingChangeView | null {
  if (!r) return null;
  const before = Math.round(r.before);
  const after = Math.round(r.after);
  return { before, after, change: after - before };
}

/** What every answer about a game starts with: its id, number, module and title. */
export function gameHeading(row: Pick<GameSummaryRow, 'id' | 'number' | 'module'>): { id: string; number: number; game: string; title: string } {
  return { id: row.id, number: row.number, game: row.module, title: moduleOf(row).title };
}

/** A seat's player as answers name them (a row built before handles were read: the display name). */
export function playerRef(user: { id: string; displayName: string; handle?: string | null; bot?: boolean }): PlayerRef {
  return { id: user.id, name: user.displayName, handle: user.handle ?? user.displayName, ...(user.bot && { bot: true as const }) };
}

export interface GameSummary {
  id: string;
  number: number;
  game: string;
  title: string;
  status: ApiStatus;
  visibility: 'public' | 'private';
  scenario: string;
  /** Every option of the game's module with the value this game was created with. */
  options: GameOptions;
  daysPerMove: number | null;
  /** Its end changes both players' ratings. */
  rated: boolean;
  version: number;
  role: string | null;
  /** The role the game's bot plays (a game against the bot), or null: people hold every seat. */
  bot: string | null;
  /** The computer opponent (a game against the computer): its role and level, or null. */
  computer: ComputerSeat | null;
  players: SeatView[];
  /** The seats a newcomer may take (both, while a creator who would play either side waits). */
  openRoles: string[];
  /** The one person this open game is offered to (a rematch); null: anyone who may see it. */
  invitee: PlayerRef | null;
  /** The finished game this one is the rematch of. */
  rematchOf: string | null;
  /** An open public game that bot accounts may join (present only then). */
  allowBots?: true;
  pending: string[];
  deadline: string | null;
  outcome: Outcome | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** SHA-256 of the server's seed, public from creation; null for a game created before dice commitments. */
  seedCommitment: string | null;
  /** The server's seed, only once the game is over (and only with a commitment). */
  seed?: string;
}

/** The computer's seat: the role it plays, its level and what that level costs it (for people to read). */
export interface ComputerSeat {
  role: string;
  level: string;
  title: string;
}

/** A legal action as the API lists it: the action itself, plus a human label (output only). */
export type LabelledAction = Action & { label: string };

export interface GameResource extends GameSummary {
  view: unknown;
  /** Entries in the caller's whole log; the view's `log` holds the last RECENT_LOG of them. */
  logLength: number;
  legalActions: LabelledAction[];
  /** Would an undo by the caller be accepted now (play.ts's check, kept on the games row as undo_role)? */
  undoable: boolean;
  /**
   * Has each side made its moves of the first turn (GameModule.underway)? Until then a
   * resignation or a time-out aborts the game (no result) instead of ending it with one.
   */
  underway: boolean;
  invite: { code: string; url: string } | null;
}

export function moduleOf(row: { module: string }): GameModule {
  return gameOf(row).module;
}

/** The definition of a stored game's game (src/engine/games.ts): its rules and what shared code may ask of it. */
export function gameOf(row: { module: string }): GameDefinition {
  const d = definitionOf(row.module);
  if (!d) throw new Error(`game ${row.module} is not installed`);
  return d;
}

/** The role the bot plays in a game with these options, or null when people hold every seat (bot.ts). */
export function botRoleOf(m: GameModule, options: unknown): string | null {
  const solitaire = (options as { solitaire?: unknown } | null)?.solitaire === true;
  return solitaire && m.bot ? m.bot.role : null;
}

export function apiStatus(s: GameStatus): ApiStatus {
  return s === 'abandoned' ? 'finished' : s;
}

export function roleOf(row: { players: { role: string; userId: string }[] }, userId: string): string | null {
  return row.players.find((p) => p.userId === userId)?.role ?? null;
}

/**
 * May this user see the game at all? Public games: anyone signed in. Private games: their
 * players, and while open the person it is offered to (a rematch) and whoever has the invite code.
 */
export function canSee(row: GameSummaryRow, userId: string, invite?: string): boolean {
  if (row.visibility === 'public' || roleOf(row, userId) !== null) return true;
  if (row.status !== 'open') return false;
  return row.invitee?.id === userId || (invite !== undefined && row.inviteCode !== null && invite === row.inviteCode);
}

/** The roles a newcomer may take in an open game: the free seats, or any while its creator would play either side. */
export function openRolesOf(m: GameModule, row: Pick<GameSummaryRow, 'players' | 'anyRole'>, bot: string | null): string[] {
  const seated = new Set(row.players.map((p) => p.role));
  if (bot !== null) seated.add(bot);
  const free = m.roles.filter((r) => !seated.has(r));
  return row.anyRole && bot === null && row.players.length === 1 && free.length === 1 ? [...m.roles] : free;
}

export function presentSummary(row: GameSummaryRow, userId: string): GameSummary {
  const m = moduleOf(row);
  const status = apiStatus(row.status);
  const bot = botRoleOf(m, row.options);
  const players = row.players.map((p) => {
    // The deadline stored on the seat when its move started (moved by vacations and extensions).
    const pending = status === 'active' && row.pending.includes(p.role);
    const deadline = pending ? p.deadline : null;
    return {
      role: p.role,
      user: playerRef(p.user),
      pending,
      deadline: deadline?.toISOString() ?? null,
      rating: ratingChangeView(p.rating),
      playerSeed: p.playerSeed,
      playerSeedBy: p.playerSeed === null ? null : p.playerSeedByServer ? ('server' as const) : ('player' as const),
    };
  });
  const deadlines = players.map((p) => p.deadline).filter((d): d is string => d !== null).sort();
  // `scenario`: the API's first name of the `scenario` option (clients written before options),
  // `historical` (the standard set-up) for a game without one, as openapi.yaml's Scenario says.
  const options = (row.options ?? {}) as { scenario?: string };
  return {
    ...gameHeading(row),
    status,
    visibility: row.visibility,
    scenario: options.scenario ?? 'historical',
    options: presentOptions(m, row.options),
    daysPerMove: row.daysPerMove,
    rated: row.rated,
    version: row.snapshot?.version ?? 0,
    role: roleOf(row, userId),
    bot,
    computer: row.computer && { role: row.computer.role, level: row.computer.level, title: levelTitle(row.computer.level, searchMultiple(gameOf(row).computer, row.computer.role)) },
    players,
    openRoles: status === 'open' ? openRolesOf(m, row, bot) : [],
    invitee: status === 'open' ? row.invitee : null,
    rematchOf: row.rematchOf,
    ...(status === 'open' && row.allowBots && { allowBots: true as const }),
    pending: status === 'active' ? [...row.pending] : [],
    deadline: status === 'active' ? (deadlines[0] ?? null) : null,
    outcome: (row.outcome as Outcome | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    seedCommitment: row.seedCommitment,
    // The seed keys every deal and die: it is published only when nothing is left to predict.
    ...(status === 'finished' && row.seedCommitment !== null && { seed: row.seed }),
  };
}

/** Remembered work for presentGame (see recent-states.ts). */
export interface PresentMemo {
  view: (state: unknown, role: string | null) => unknown;
  actions: Map<string, LabelledAction[]>;
}

/**
 * The game as `userId` may see it; `state` is the engine state (null while open). With `memo`,
 * its `view` stands for the module's view() (one that remembers the views it computed), and the
 * labelled legal actions of `state` are taken from, or kept in, its `actions`.
 */
export function presentGame(row: GameSummaryRow, userId: string, state: unknown, config: Pick<Config, 'publicUrl'>, memo?: PresentMemo): GameResource {
  const p = presentParts(row, userId, state, config, memo);
  return assemble(p.summary, p.view, p.logLength, legalActionsOf(p.m, state, p.summary, memo?.actions), p.undoable, p.underway, p.invite);
}

/**
 * A change's answer as its Idempotency-Key keeps it: the game without its view and legal
 * actions (most of its size), which the engine state at the answer's version gives back
 * exactly (restoreAnswer).
 */
export type KeptAnswer = Omit<GameResource, 'view' | 'legalActions'>;

/** presentGame(...) as kept with a key (the same game, without its view and legal actions). */
export function keptAnswer(row: GameSummaryRow, userId: string, state: unknown, config: Pick<Config, 'publicUrl'>, memo?: PresentMemo): KeptAnswer {
  const { summary, logLength, undoable, underway, invite } = presentParts(row, userId, state, config, memo);
  return { ...summary, logLength, undoable, underway, invite };
}

/** Whether a kept answer is a KeptAnswer (answers kept before it were whole). */
export function isKeptAnswer(body: unknown): body is KeptAnswer {
  return typeof body === 'object' && body !== null && !('view' in body);
}

/** The whole answer again, from the kept one and the engine state at its version: what presentGame answered then. */
export function restoreAnswer(kept: KeptAnswer, m: GameModule, state: unknown): GameResource {
  // Answers kept before `undoable` was part of them say false: they are a day old at most.
  const { logLength, invite, undoable = false, underway: _kept, ...summary } = kept as Omit<KeptAnswer, 'undoable' | 'underway'> & { undoable?: boolean; underway?: boolean };
  return assemble(summary, viewOf(m, state, summary.role, undefined, summary).view, logLength, legalActionsOf(m, state, summary), undoable, underwayOf(m, state), invite);
}

function presentParts(row: GameSummaryRow, userId: string, state: unknown, config: Pick<Config, 'publicUrl'>, memo?: PresentMemo) {
  const summary = presentSummary(row, userId);
  const m = moduleOf(row);
  const role = summary.role;
  const { view, logLength } = viewOf(m, state, role, memo, summary);
  const invite =
    row.visibility === 'private' && role !== null && summary.status === 'open' && row.inviteCode
      ? { code: row.inviteCode, url: `${config.publicUrl}/games/${row.id}?invite=${encodeURIComponent(row.inviteCode)}` }
      : null;
  // Whose undo would be accepted is kept on the row by every change (change/write.ts); a game
  // changed before that, read, has it worked out from its log first (games.ts).
  const undoable = summary.status === 'active' && role !== null && row.undoRole === role;
  return { summary, m, view, logLength, undoable, underway: underwayOf(m, state), invite };
}

/** GameModule.underway of the state (false before the game starts). */
function underwayOf(m: GameModule, state: unknown): boolean {
  return state !== null && state !== undefined && m.underway(state);
}

/**
 * The role's view of `state` as an answer carries it (null before the game starts), and its log's
 * length; a game the service ended (a resignation, a time-out) has that ending as its log's last line.
 */
function viewOf(m: GameModule, state: unknown, role: string | null, memo?: PresentMemo, summary?: Pick<GameSummary, 'status' | 'outcome'>): { view: unknown; logLength: number } {
  if (state === null || state === undefined) return { view: null, logLength: 0 };
  const view = memo ? memo.view(state, role) : m.view(state, role);
  const ending = summary ? endingLine(m, state, summary.status, summary.outcome) : null;
  const log = (view as { log?: unknown }).log;
  return recentLog(ending && Array.isArray(log) ? { ...(view as object), log: [...(log as string[]), ending] } : view);
}

/**
 * The log's last line of a game the service ended, not the rules (a resignation, a win on time,
 * an abandonment, an abort): its outcome in words ("<role> resigned: <the other> wins."). Null while
 * it runs, or when the rules ended it (the engine's log says how).
 */
export function endingLine(m: GameModule, state: unknown, status: ApiStatus, outcome: Outcome | null): string | null {
  if (status !== 'finished' || !outcome || state === null || state === undefined || m.outcome(state)) return null;
  if (outcome.aborted) return `${outcome.reason}.`;
  return `${outcome.reason}: ${outcome.winner ? `${outcome.winner} wins` : 'nobody wins'}.`;
}

/** The caller's labelled legal actions: none before the game starts, when watching, or once it is over. */
function legalActionsOf(m: GameModule, state: unknown, summary: GameSummary, known?: Map<string, LabelledAction[]>): LabelledAction[] {
  if (state === null || state === undefined || summary.role === null || summary.status !== 'active') return [];
  return labelled(m, state, summary.role, known);
}

// One order of members for every game answer, whole or restored.
function assemble(summary: GameSummary, view: unknown, logLength: number, legalActions: LabelledAction[], undoable: boolean, underway: boolean, invite: GameResource['invite']): GameResource {
  return { ...summary, view, logLength, legalActions, undoable, underway, invite };
}

/**
 * How many of the latest log entries a game's view carries in an answer. The whole log (about a
 * KiB every ten moves, two thirds of a late game's answer) is at GET /v1/games/{id}/log; a game
 * read on every move and every poll carries what a player reads next to the board (the web
 * client shows the last 40).
 */
export const RECENT_LOG = 50;

/** The view with only the last RECENT_LOG entries of its log (a copy: views are shared), and the log's length. */
export function recentLog(view: unknown): { view: unknown; logLength: number } {
  const log = (view as { log?: unknown } | null)?.log;
  if (!Array.isArray(log)) return { view, logLength: 0 };
  return { view: log.length > RECENT_LOG ? { ...(view as object), log: log.slice(-RECENT_LOG) } : view, logLength: log.length };
}

/** The role's legal actions, each with the module's label for it (written from that role's view). */
function labelled(m: GameModule, state: unknown, role: string, known?: Map<string, LabelledAction[]>): LabelledAction[] {
  let actions = known?.get(role);
  if (!actions) {
    actions = m.legalActions(state, role).map((a) => ({ ...a, label: m.describe ? m.describe(state, role, a) : a.type }));
    known?.set(role, actions);
  }
  return actions;
}

/** The log as `role` may read it (null: an observer), from the engine's view, and how the service ended it (a resignation, a time-out: endingLine). */
export function presentLog(row: GameRow, role: string | null, state: unknown): string[] {
  if (state === null || state === undefined) return [];
  const m = moduleOf(row);
  const view = m.view(state, role) as { log?: unknown };
  const entries = Array.isArray(view.log) ? view.log.filter((e): e is string => typeof e === 'string') : [];
  const ending = endingLine(m, state, apiStatus(row.status), (row.outcome as Outcome | null) ?? null);
  if (ending) entries.push(ending);
  return entries;
}

/**
 * The service's own words for a log entry the engine writes nothing for: an undo, a resignation,
 * a win on time, an extension (null for the others). Public: each of them is seen by both players.
 * `outcome`: the game's, for the entry that ended it (an aborted game says so).
 */
export function entryNote(e: { kind: string; role: string; action: unknown }, outcome?: unknown): string | null {
  const a = (e.action ?? {}) as { late?: string; roles?: string[]; days?: number; abandoned?: boolean };
  const aborted = (outcome as { aborted?: unknown } | null | undefined)?.aborted === true ? ' The game is aborted: each side had not yet made its moves of the first turn.' : '';
  switch (e.kind) {
    case 'undo':
      return `${e.role} took back their last action.`;
    case 'resign':
      return `${e.role} resigned.${aborted}`;
    case 'timeout':
      // Ended by the worker: a move 14 days past its deadline (time-controls.ts, abandonment).
      if (a.abandoned) return `${a.late ?? a.roles?.join(' and ') ?? 'The players'} abandoned the game.${aborted}`;
      if (aborted) return `${a.late ?? 'The opponent'} ran out of time, and ${e.role} claimed.${aborted}`;
      return `${a.late ?? 'The opponent'} ran out of time; ${e.role} claimed the win.`;
    case 'extend':
      return `${e.role} gave ${(a.roles ?? ['the opponent']).join(' and ')} ${a.days === 1 ? '1 more day' : `${a.days ?? 'more'} more days`}.`;
    default:
      return null;
  }
}

/** Victory points as everyone may see them (from the observer's view), for a resignation. */
export function publicVp(m: GameModule, state: unknown): Record<string, number> {
  const vp = (m.view(state, null) as { vp?: unknown }).vp;
  if (!vp || typeof vp !== 'object') return {};
  return Object.fromEntries(Object.entries(vp).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
