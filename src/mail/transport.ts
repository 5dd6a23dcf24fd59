// Where emails go: an SMTP server (SMTP_URL), or, in development, .eml files in a folder so a new
// user can read what would have been sent. Both take the same fully formed message.

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.js';

export interface OutgoingMail {
  /** Stable per notification (`<...@host>`): a retry after a crash reuses it, so receivers can drop the duplicate. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function toNodemailer(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    headers: mail.headers ?? {},
  };
}

/** Time limits of one SMTP conversation: a server that accepts but never greets must not hold a send for long. */
export interface SmtpTimeouts {
  /** Until the TCP connection is up (nodemailer's default: 2 minutes). */
  connectionMs?: number;
  /** Until the server's 220 greeting (nodemailer's default: 30 s). */
  greetingMs?: number;
  /** Of silence in the middle of a conversation (nodemailer's default: 10 minutes). */
  socketMs?: number;
}

export const SMTP_TIMEOUTS: Required<SmtpTimeouts> = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 30_000 };

export function smtpTransport(url: string, timeouts: SmtpTimeouts = {}): MailTransport {
  const t = { ...SMTP_TIMEOUTS, ...timeouts };
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: t.connectionMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail(toNodemailer(mail));
    },
    close: () => transporter.close(),
  };
}

/** Writes each message to `<dir>/<message id>.eml` (a retry overwrites the same file) and logs one line. */
export function fileTransport(dir: string, logger: Logger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail(toNodemailer(mail));
      await mkdir(dir, { recursive: true });
      const name = `${mail.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9._@-]/g, '_')}.eml`;
      const path = join(dir, name);
      // Write then rename, so a reader never sees half a message.
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
      logger.info({ to: mail.to, subject: mail.subject, file: path }, 'email written (no SMTP_URL set)');
    },
    close: () => composer.close(),
  };
}

export function createTransport(options: { smtpUrl: string | undefined; mailDir: string }, logger: Logger): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(options.mailDir, logger);
}
