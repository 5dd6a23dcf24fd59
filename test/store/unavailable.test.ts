// Issue 9 §2: which errors mean "the database is out of reach" (answered 503) and which are
// bugs (500), in the shapes Prisma 7 with @prisma/adapter-pg and node-postgres give them.
import t from 'tap';
import { isDatabaseUnavailable } from '../../src/store/unavailable.js';

const prismaError = (code: string, cause?: unknown) =>
  Object.assign(new Error(`prisma ${code}`), { name: 'PrismaClientKnownRequestError', code, meta: cause ? { driverAdapterError: { name: 'DriverAdapterError', cause } } : {} });

t.test('connection failures in every shape are recognised', async (t) => {
  const cases: [string, unknown][] = [
    ['P1001 cannot reach', prismaError('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 1 })],
    ['P2010 raw query, adapter kind DatabaseNotReachable', prismaError('P2010', { kind: 'DatabaseNotReachable' })],
    ['adapter kind ConnectionClosed', prismaError('P2010', { kind: 'ConnectionClosed' })],
    ['adapter kind SocketTimeout', prismaError('P2010', { kind: 'SocketTimeout' })],
    ['53300 too many connections', prismaError('P2037', { kind: 'TooManyConnections', cause: 'sorry, too many clients already' })],
    ['57P01 admin shutdown, as the adapter reports it', prismaError('P2010', { kind: 'postgres', code: '57P01', severity: 'FATAL', message: 'terminating connection due to administrator command' })],
    ['57P03 the database system is starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03', severity: 'FATAL' })],
    ['08006 connection failure', Object.assign(new Error('x'), { code: '08006' })],
    ['P2024 pool timeout', prismaError('P2024')],
    ['ECONNREFUSED from node-postgres', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect', errno: -111 })],
    ['ETIMEDOUT', Object.assign(new Error('x'), { code: 'ETIMEDOUT' })],
    ['node-postgres: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['node-postgres: pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped as a cause', new Error('transaction failed', { cause: new Error('Connection terminated unexpectedly') })],
    ['inside an AggregateError', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed')],
  ];
  for (const [name, err] of cases) t.ok(isDatabaseUnavailable(err), name);
});

t.test('bugs and client mistakes are not: they stay 500 or 4xx', async (t) => {
  const cases: [string, unknown][] = [
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['P2002 unique constraint', prismaError('P2002', { kind: 'UniqueConstraintViolation' })],
    ['23505 from node-postgres', Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' })],
    ['42P01 missing table', prismaError('P2021', { kind: 'TableDoesNotExist' })],
    ['28P01 wrong password', prismaError('P1000', { kind: 'AuthenticationFailed' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "x"'), { code: '42601' })],
    ['not an error at all', 'ECONNREFUSED'],
    ['null', null],
  ];
  for (const [name, err] of cases) t.notOk(isDatabaseUnavailable(err), name);
});
