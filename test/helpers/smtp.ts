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
}

export async function testSmtp(t: Test): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    failNext: (n) => void (failures = n),
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
