// Tunable costs and limits of accounts and sign-in. The defaults suit production; tests pass
// cheaper ones to buildServer (ServerDeps.security).

import type { LoginBackoff } from '../store/login-throttle.js';

export interface PasswordHashing {
  /** scrypt cost: N = 2^logN. Memory used is 128 * r * N bytes (32 MiB at the default). */
  logN: number;
  r: number;
  p: number;
}

export interface SecuritySettings {
  /** How long an access token works. */
  tokenTtlSeconds: number;
  password: PasswordHashing;
  /** Sign-in and registration attempts per client address and window. */
  authRateLimit: { max: number; windowMs: number };
  /**
   * Failed sign-ins per account and client source (an address, or an IPv6 /64), across
   * instances (in the database), with backoff (src/app/accounts/sign-in-throttle.ts).
   */
  loginBackoff: LoginBackoff;
  /**
   * Failed sign-ins per account from anywhere: past its free ones, sources the owner has not
   * signed in from within loginTrustMs wait too (a guesser on many addresses).
   */
  loginCeiling: LoginBackoff;
  /** How long a source a sign-in succeeded from stays the owner's (spared by loginCeiling). */
  loginTrustMs: number;
  /**
   * How long a process trusts a user's token generation it has read (0: read it on every
   * request). Revocations through the same process apply at once whatever this is.
   */
  tokenGenerationCacheMs: number;
  /**
   * Confirmation links of email addresses (src/app/accounts/email-confirmation.ts): how long one works,
   * how often an account may be sent one (to one address, and in a day in all; 429 past them), and
   * how many a day one address may be sent, whatever accounts ask (none while another account's
   * link to it still works).
   */
  emailConfirmation: { linkTtlMs: number; resendAfterMs: number; perDay: number; perAddressPerDay: number };
  /** Games one account may create (src/app/games/game-limits.ts), and its share of the lobby. */
  gameLimits: {
    /** Creations in a row; then one every intervalMs (a token bucket: 429 past it). */
    burst: number;
    intervalMs: number;
    /** Open games (waiting for an opponent) one account has created (409 past it). */
    maxOpen: number;
    /** Games against the bot in progress per account (409 past it). */
    maxBotGames: number;
    /** Games against the computer opponent in progress per account (409 past it): each costs searches. */
    maxComputerGames: number;
    /** The lobby lists at most this many open games of one creator (their newest). */
    lobbyPerCreator: number;
  };
  /** Event streams open at once in this process, per user and per client address (429 past them). */
  eventStreams: { perUser: number; perAddress: number };
  /** Downloads of one's data (src/app/my-data/export-limits.ts): `burst` in a row, then one every intervalMs (429 past it). */
  exportLimits: { burst: number; intervalMs: number };
  /**
   * HTTP server timeouts: complete headers, a complete request, and an idle keep-alive
   * connection (Node closes a connection past any of them), so idle or trickling connections
   * cannot pile up until the file descriptors run out.
   */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
}

export const DEFAULT_SECURITY: SecuritySettings = {
  // Correspondence games: players come back every few days from an email link. There are no
  // refresh tokens; after 30 days a player signs in again.
  tokenTtlSeconds: 30 * 24 * 3600,
  // OWASP's equivalent scrypt settings include N=2^15, r=8, p=3 (32 MiB, about 0.1 s).
  password: { logN: 15, r: 8, p: 3 },
  authRateLimit: { max: 10, windowMs: 60_000 },
  // Per account and source: 5 free failures, then 30 s, 1 min, 2 min, ... at most 15 min between
  // attempts: about a hundred guesses a day from one address.
  loginBackoff: { freeAttempts: 5, baseMs: 30_000, maxMs: 15 * 60_000, resetAfterMs: 24 * 3600_000 },
  // Per account: 50 free failures from anywhere, then the same doubling wait for every source the
  // owner has not signed in from in the last 30 days: a few hundred guesses a day however many
  // addresses a guesser has, and the owner, from an address of theirs, is never stopped.
  loginCeiling: { freeAttempts: 50, baseMs: 30_000, maxMs: 15 * 60_000, resetAfterMs: 24 * 3600_000 },
  loginTrustMs: 30 * 24 * 3600_000,
  // Reading it on every request costs ~0.7 ms of CPU (a Prisma query): measured on GET of a
  // game, 2.1 ms a request without this memory, 1.2 ms with it.
  tokenGenerationCacheMs: 10_000,
  // A link for two days (a weekend away); another after 5 minutes, at most 5 a day: a mistyped or
  // lost email is sent again soon; an address gets at most 3 a day from all accounts together,
  // and while one account's link waits, none from another.
  emailConfirmation: { linkTtlMs: 48 * 3600_000, resendAfterMs: 5 * 60_000, perDay: 5, perAddressPerDay: 3 },
  // A player starts a few games at a time, against people or the bot: 10 at once, then one a
  // minute (10 per 10 minutes on end: about 1,400 games a day at most, 8 MB of database, where
  // one client made 2.4 GB an hour); 10 open games and 5 against the bot at once; 3 per creator
  // in the lobby (a lobby page shows 20).
  gameLimits: { burst: 10, intervalMs: 60_000, maxOpen: 10, maxBotGames: 5, maxComputerGames: 3, lobbyPerCreator: 3 },
  // A player follows a few games on a few devices; an address may hide many players (NAT).
  eventStreams: { perUser: 16, perAddress: 64 },
  // A player downloads their data now and then: 3 in a row, then one every 10 minutes (an export
  // of many long games takes the server a second or more, streamed a game at a time).
  exportLimits: { burst: 3, intervalMs: 10 * 60_000 },
  // A proxy in front must close idle connections before the server does: set its idle timeout
  // below keepAliveMs (30 s).
  httpTimeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 30_000 },
};
