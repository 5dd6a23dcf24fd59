// Structured JSON logs (pino, as Fastify uses it). Secrets never reach a log line: known secret
// fields are redacted wherever they appear, and request URLs are logged with credential-like
// query parameters masked, however they are spelled (EventSource clients, for one, can only
// send a token in the query).
import { parse as parseQuery } from 'fast-querystring';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config/config.js';

export type { Logger };

const REDACTED = '[redacted]';

// Field names that hold credentials, at the top level or one level down (pino's wildcard
// matches one level).
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'passwordHash', 'token', 'accessToken', 'refreshToken', 'jwtSecret', 'secret', 'authorization', 'cookie', 'databaseUrl', 'smtpUrl'];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

// `invite`: a private game's invite code lets anyone who has it join.
const SECRET_NAMES = new Set(['token', 'access_token', 'password', 'secret', 'key', 'code', 'invite']);

// The name of the secret a query pair holds, or null. The pair is read as the server reads a
// query (Fastify's router: fast-querystring, which decodes keys), and its key is a secret's if
// any name-like part of it is one: `invite%3D<code>` is the key "invite=<code>", `invite[]` and
// `%69nvite` are "invite[]" and "invite". A pattern over the raw text misses such spellings.
function secretIn(pair: string): string | null {
  for (const key of Object.keys(parseQuery(pair))) {
    // Parts of a camelCase key too: `inviteCode` (the join's own body member, sent in a query by mistake) is "invite" and "Code".
    for (const part of key.split(/[^A-Za-z0-9_]+|(?<=[a-z0-9])(?=[A-Z])/)) if (SECRET_NAMES.has(part.toLowerCase())) return part;
  }
  return null;
}

/** The URL with credential-like query parameters (key and value) replaced by `<name>=xxx`. */
export function maskUrl(url: string): string {
  // The router takes the query from the first '?' or '#'.
  const q = url.search(/[?#]/);
  if (q < 0) return url;
  let masked = false;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = secretIn(pair);
      if (name === null) return pair;
      masked = true;
      return `${name}=xxx`;
    });
  return masked ? `${url.slice(0, q + 1)}${pairs.join('&')}` : url;
}

/** A connection URL with its password replaced, fit for a log line. */
export function redactUrlPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = 'xxx';
    return u.toString();
  } catch {
    return REDACTED;
  }
}

// scheme://user:password@ in any text: the password part.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/"'?#]*:)([^\s@/"'?#]+)@/gi;

/**
 * Every connection string in a text with its password replaced. Applied to each finished log
 * line, so a URL inside an error message or an error's own fields never reaches the log.
 */
export function redactConnectionStrings(text: string): string {
  return text.replace(URL_PASSWORD, '$1xxx@');
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'alea' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      hooks: { streamWrite: redactConnectionStrings },
      serializers: {
        err: stdSerializers.err,
        // Replaces Fastify's default request serializer: the same fields, with a masked URL.
        req: (req: RequestLike) => ({
          method: req.method,
          url: maskUrl(req.url ?? ''),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
