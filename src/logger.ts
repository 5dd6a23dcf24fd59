// Structured JSON logs (pino, as Fastify uses it). Secrets never reach a log line: known secret
// fields are redacted wherever they appear, and request URLs are logged with credential-like
// query parameters masked (EventSource clients, for one, can only send a token in the query).
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
const SECRET_QUERY = /^(token|access_token|password|secret|key|code|invite)$/i;

/** The URL with the values of credential-like query parameters replaced. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let masked = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.test(name)) {
      params.set(name, 'xxx');
      masked = true;
    }
  }
  return masked ? `${url.slice(0, q)}?${params.toString()}` : url;
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
