// The real worker (time controls + outbox) wired to a test server's database and clock and to
// an in-process SMTP server: tests act over HTTP, then deliver() runs the worker until it has
// nothing left to do and returns the emails that arrived meanwhile.
import type { Test } from 'tap';
import { createLogger } from '../../src/logger.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { createWorker, type Worker, type WorkerOptions } from '../../src/worker.js';
import type { TestServer } from './server.js';
import { testSmtp, type ReceivedMail, type TestSmtp } from './smtp.js';

export interface MailHarness {
  smtp: TestSmtp;
  worker: Worker;
  /** Runs the worker until a round finds nothing to do; the emails that arrived meanwhile. */
  deliver(): Promise<ReceivedMail[]>;
}

export async function mailHarness(t: Test, s: TestServer, options: WorkerOptions = {}): Promise<MailHarness> {
  const smtp = await testSmtp(t);
  const transport = smtpTransport(smtp.url);
  const worker = createWorker({ prisma: s.db.prisma, clock: s.clock, config: s.app.config, transport, logger: createLogger('silent'), options });
  t.teardown(async () => {
    await worker.stop();
    transport.close();
  });
  let seen = 0;
  return {
    smtp,
    worker,
    async deliver() {
      await worker.drain();
      const fresh = smtp.received.slice(seen);
      seen = smtp.received.length;
      return fresh;
    },
  };
}

/** The one email to this address among `mails` (fails the test if there is not exactly one). */
export function to(t: Test, mails: ReceivedMail[], address: string): ReceivedMail {
  const mine = mails.filter((m) => m.to.includes(address));
  t.equal(mine.length, 1, `one email to ${address}: ${JSON.stringify(mine.map((m) => m.subject))}`);
  return mine[0]!;
}

/** The message as sent: headers, text and HTML parts (quoted-printable soft breaks undone). */
export function rawText(m: ReceivedMail): string {
  return `${m.raw.replace(/=\r?\n/g, '')}\n${m.subject}\n${m.text}\n${m.html}`;
}

/** A header as sent (unfolded), or undefined. */
export function header(m: ReceivedMail, name: string): string | undefined {
  const head = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
