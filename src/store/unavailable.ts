// Is this error the database being out of reach (down, restarting, refusing connections), as
// opposed to a bug or a bad query? Such errors reach us in several shapes: Prisma's known
// request errors (P1001...) carrying the driver adapter's error kind, node-postgres errors with
// a SQLSTATE, socket errors, and a few errors node-postgres raises with a message only.

// Prisma: can't reach, timed out, server closed the connection, pool timeout, too many connections.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
// @prisma/adapter-pg's kinds for socket failures and 53300.
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// Node's socket errors.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE: class 08 (connection exception), 53 (insufficient resources: too many connections,
// out of memory, disk full), 57P01-57P03 (administrator or crash shutdown, cannot connect now).
const SQLSTATE = /^(08...|53...|57P0[1-3])$/;
// node-postgres and Prisma, when they say it in words only.
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery)/i;

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
  errors?: unknown;
}

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  const inner = [e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => isDatabaseUnavailable(i, depth + 1));
}
