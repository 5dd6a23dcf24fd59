// A real SMTP server in the test process (the smtp-server package on a free port), recording
// every message it accepts, parsed with mailparser. Closed when the test ends.

import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Test } from 'tap';

export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Reject the next n messages with a temporary failure (451). */
  failNext(n: number): void;
  /** Resolves when at least n messages have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Tarpit the next n connections (accept them, never greet), or every one from now on (Infinity); 0 ends it. */
  tarpit(n: number): void;
  /** Connections accepted so far (greeted or not). */
  connections(): number;
  /** Stop listening (connections are refused) until up(). */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
}

export async function testSmtp(t: Test): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let tarpitted = 0;
  let connections = 0;
  // Greeting callbacks held by the tarpit, released (with an error) when the server closes.
  const held: Array<(err?: Error) => void> = [];
  const create = () => new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (tarpitted > 0) {
        tarpitted--;
        held.push(callback);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: parsed.messageId ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers as Map<string, unknown>,
            raw,
            parsed,
          });
          callback();
        }, callback);
      });
    },
  });
  let server = create();
  let listening = true;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      listening = false;
      for (const cb of held.splice(0)) cb(new Error('closing'));
      server.close(() => resolve());
    });
  t.teardown(() => (listening ? close() : undefined));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    failNext: (n) => void (failures = n),
    tarpit: (n) => void (tarpitted = n),
    connections: () => connections,
    down: close,
    async up() {
      server = create();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    async waitFor(n, timeoutMs = 10_000) {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${n} emails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
  };
}
