// Configuration comes from environment variables only (.env.example documents each one).
// loadConfig() is pure: it reads the given env and either returns a typed Config or throws a
// ConfigError that names every bad variable. Side effects (generated dev secrets, folders) live
// in dev-secrets.ts and main.ts.
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

export type Mode = 'production' | 'development' | 'test';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  mode: Mode;
  /** TCP port to listen on; 0 picks a free one. */
  port: number;
  host: string;
  /** Base URL users reach the service at (links in emails), without a trailing slash. */
  publicUrl: string;
  /** External Postgres; undefined means: run the embedded one under dataDir. */
  databaseUrl: string | undefined;
  /** Secret for signing tokens. Always set after start-up (generated in development). */
  jwtSecret: string;
  /** SMTP server for outgoing mail; undefined means: write emails to mailDir instead. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: LogLevel;
  /** Absolute path of the local state folder (embedded Postgres, dev secrets, mail). */
  dataDir: string;
  /** Where emails go when no SMTP_URL is set. */
  mailDir: string;
  /** Run the worker (reminders, overdue notices, sending emails) inside the server process. */
  worker: boolean;
  /** Web origins whose pages may call the API from a browser: '*' (any), a list, or none. */
  corsOrigins: '*' | string[] | false;
  /**
   * Searches of the computer opponent this process's worker runs at once, one per thread
   * (src/app/computer/search-pool.ts); 0: none here (another worker makes the computer's moves).
   */
  computerThreads: number;
  /** The heap cap of each search thread, in MiB (a thread past it is stopped, its search dropped). */
  computerThreadMemoryMb: number;
  /**
   * The Ed25519 key that signs finished games' records (src/app/games/record/keyring.ts). Always
   * set after start-up (generated in development).
   */
  recordSigningKey: RecordSigningKey;
  /** Public keys that signed records before (rotated out), still published so those records check. */
  recordOldKeys: RecordOldKey[];
  /**
   * Webhooks may deliver to loopback and private addresses (src/app/webhooks/addresses.ts):
   * development and tests only (a local receiver); refused in production. Absent: false.
   */
  webhooksAllowPrivate?: boolean;
}

/** A private Ed25519 key: its 32 bytes (base64url), and since when it signs (published; null: not said). */
export interface RecordSigningKey {
  privateKey: string;
  since: string | null;
}

/** A public Ed25519 key that signed records before: its 32 bytes (base64url), and since when it did. */
export interface RecordOldKey {
  publicKey: string;
  since: string | null;
}

/** What the environment alone says; jwtSecret and the record key may still be missing outside production. */
export type EnvConfig = Omit<Config, 'jwtSecret' | 'recordSigningKey'> & { jwtSecret: string | undefined; recordSigningKey: RecordSigningKey | undefined };

export interface ConfigProblem {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      'Invalid configuration (see .env.example):\n' +
        problems.map((p) => `  - ${p.variable} ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

// Values of these are never echoed back in error messages: they may hold credentials.
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'RECORD_SIGNING_KEY']);

const JWT_SECRET_MIN_LENGTH = 32;

// An empty value (`PORT=` in a .env file) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const urlWithProtocols = (protocols: string[], message: string) =>
  z.string({ error: message }).refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, message);

/**
 * A record key as the variables write it: `[DATE@]KEY`, KEY 32 bytes in base64url (or base64),
 * DATE (optional) since when it signs, an ISO 8601 date. Null if it is not that.
 */
export function parseRecordKey(text: string): { key: string; since: string | null } | null {
  const at = text.lastIndexOf('@');
  const since = at < 0 ? null : text.slice(0, at).trim();
  const key = (at < 0 ? text : text.slice(at + 1)).trim();
  if (since !== null && !(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(since) && Number.isFinite(Date.parse(since)))) return null;
  if (!/^[A-Za-z0-9_+/-]+=*$/.test(key)) return null;
  const bytes = Buffer.from(key.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  if (bytes.length !== 32) return null;
  return { key: bytes.toString('base64url'), since: since === null ? null : new Date(Date.parse(since)).toISOString() };
}

const RECORD_KEY_FORMAT = 'must be 32 bytes in base64url (or base64), optionally after a date and @: 2026-12-01@<key>';

// A bare address or "Name <address>".
const MAIL_FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

const envSchema = z.object({
  NODE_ENV: optional(z.string()),
  DATABASE_URL: optional(
    urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  ),
  PORT: optional(
    z.coerce
      .number({ error: 'must be an integer from 0 to 65535' })
      .int({ error: 'must be an integer from 0 to 65535' })
      .min(0, { error: 'must be an integer from 0 to 65535' })
      .max(65535, { error: 'must be an integer from 0 to 65535' }),
  ),
  HOST: optional(
    z.string().regex(/^[A-Za-z0-9.:\-[\]%]+$/, { error: 'must be a host name or an IP address, like 127.0.0.1 or 0.0.0.0' }),
  ),
  JWT_SECRET: optional(
    z.string().min(JWT_SECRET_MIN_LENGTH, { error: `must be at least ${JWT_SECRET_MIN_LENGTH} characters long` }),
  ),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an absolute http:// or https:// URL')),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(
    z.string().regex(MAIL_FROM, { error: 'must be an email address, optionally with a name: Alea <alea@example.org>' }),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  DATA_DIR: optional(z.string()),
  WORKER: optional(z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })),
  COMPUTER_THREADS: optional(
    z.coerce.number({ error: 'must be an integer from 0 to 64' }).int({ error: 'must be an integer from 0 to 64' }).min(0, { error: 'must be an integer from 0 to 64' }).max(64, { error: 'must be an integer from 0 to 64' }),
  ),
  COMPUTER_THREAD_MEMORY_MB: optional(
    z.coerce.number({ error: 'must be an integer from 64 to 16384' }).int({ error: 'must be an integer from 64 to 16384' }).min(64, { error: 'must be an integer from 64 to 16384' }).max(16384, { error: 'must be an integer from 64 to 16384' }),
  ),
  RECORD_SIGNING_KEY: optional(z.string().refine((v) => parseRecordKey(v) !== null, { error: `${RECORD_KEY_FORMAT} (generate one with npm run record-key)` })),
  RECORD_OLD_KEYS: optional(
    z.string().refine((v) => v.split(',').every((k) => parseRecordKey(k) !== null), { error: `must be a comma-separated list of public keys: each ${RECORD_KEY_FORMAT.replace('must be ', '')}` }),
  ),
  WEBHOOKS_ALLOW_PRIVATE: optional(z.enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'must be true or false' })),
  CORS_ORIGINS: optional(
    z.string().refine((v) => v === '*' || v === 'off' || v.split(',').every((o) => isOrigin(o.trim())), {
      error: 'must be *, off, or a comma-separated list of origins like https://app.example.org',
    }),
  ),
});

// An origin as browsers send it: scheme, host and port if not the default, nothing else.
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export interface LoadConfigOptions {
  /** Base for a relative DATA_DIR; defaults to process.cwd(). */
  cwd?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): EnvConfig {
  const parsed = envSchema.safeParse(env);
  const problems: ConfigProblem[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      const raw = env[variable];
      const got = SECRET_VARIABLES.has(variable) || raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`;
      problems.push({ variable, message: issue.message + got });
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const mode: Mode = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  if (mode === 'production') {
    // Production never falls back to local conveniences: a forgotten variable must not
    // silently start an embedded database or sign tokens with a throwaway secret.
    if (!e.DATABASE_URL) problems.push({ variable: 'DATABASE_URL', message: 'is required when NODE_ENV=production' });
    if (!e.JWT_SECRET) problems.push({ variable: 'JWT_SECRET', message: 'is required when NODE_ENV=production' });
    if (!e.RECORD_SIGNING_KEY) problems.push({ variable: 'RECORD_SIGNING_KEY', message: 'is required when NODE_ENV=production (generate one with npm run record-key)' });
    // A webhook to a private address is a way into the service's own network (SSRF).
    if (['true', '1', 'on'].includes(e.WEBHOOKS_ALLOW_PRIVATE ?? '')) problems.push({ variable: 'WEBHOOKS_ALLOW_PRIVATE', message: 'must not be set in production (it lets webhooks reach private addresses)' });
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const port = e.PORT ?? 3000;
  const cwd = options.cwd ?? process.cwd();
  const dataDirSetting = e.DATA_DIR ?? '.data';
  const dataDir = isAbsolute(dataDirSetting) ? dataDirSetting : resolve(cwd, dataDirSetting);
  return {
    mode,
    port,
    // Development listens on loopback only; production usually runs in a container.
    host: e.HOST ?? (mode === 'production' ? '0.0.0.0' : 'localhost'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Alea <alea@localhost>',
    logLevel: e.LOG_LEVEL ?? 'info',
    dataDir,
    mailDir: resolve(dataDir, 'mail'),
    worker: e.WORKER === undefined || ['on', 'true', '1'].includes(e.WORKER),
    // Any origin by default: the API authenticates with bearer tokens, never cookies, so a page
    // elsewhere can do nothing with it that its user's own token does not allow.
    corsOrigins:
      e.CORS_ORIGINS === undefined || e.CORS_ORIGINS === '*' ? '*' : e.CORS_ORIGINS === 'off' ? false : e.CORS_ORIGINS.split(',').map((o) => o.trim()),
    // One core stays for the API, PostgreSQL and the rest of the worker; at least one search.
    computerThreads: e.COMPUTER_THREADS ?? defaultComputerThreads(),
    computerThreadMemoryMb: e.COMPUTER_THREAD_MEMORY_MB ?? 512,
    recordSigningKey: e.RECORD_SIGNING_KEY === undefined ? undefined : signingKey(parseRecordKey(e.RECORD_SIGNING_KEY)!),
    webhooksAllowPrivate: ['true', '1', 'on'].includes(e.WEBHOOKS_ALLOW_PRIVATE ?? ''),
    recordOldKeys: (e.RECORD_OLD_KEYS ?? '').split(',').filter((k) => k.trim() !== '').map((k) => parseRecordKey(k)!).map(({ key, since }) => ({ publicKey: key, since })),
  };
}

/** One search per core but one, at least one. */
export function defaultComputerThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

const signingKey = ({ key, since }: { key: string; since: string | null }): RecordSigningKey => ({ privateKey: key, since });
