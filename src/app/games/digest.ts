// The daily digest: users whose email preference is `digest` get no email as things happen, but
// one a day, at DIGEST_HOUR_UTC, listing their games that changed in the last 24 hours and those
// where it is their move (with the deadline). It says only public facts (number, title, whose
// move, deadline, finished), never anything from a view. One row per user and UTC day (dedupe key
// digest:<user>:<day>), so any number of workers may run the job; a worker that was down sends
// the day's digest when it comes back (a missed day is not sent late: it would be stale). An
// address its owner has not confirmed gets none (email-confirmation.ts).
import type { Config } from '../../config/config.js';
import type { PrismaClient } from '../../store/prisma.js';
import type { Clock } from '../clock.js';
import { formatTime } from '../notify/email-templates.js';
import { moduleOf } from './present.js';
import { unsubscribeUrl } from '../notify/unsubscribe.js';

/** 07:00 UTC: morning in Europe, the small hours in the Americas (read before the day's moves). */
export const DIGEST_HOUR_UTC = 7;
const DAY = 24 * 3600_000;

export interface DigestDeps {
  prisma: PrismaClient;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Enqueues today's digests not yet enqueued (at most `limit` users); returns how many. */
export async function runDigests(deps: DigestDeps, limit = 50): Promise<number> {
  const now = deps.clock.now();
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = now.toISOString().slice(0, 10);
  const users = await deps.prisma.$queryRaw<{ id: string; email: string; display_name: string }[]>`
    SELECT u.id, u.email, u.display_name FROM users u
    WHERE u.email_preference = 'digest' AND u.email_verified_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.dedupe_key = 'digest:' || u.id::text || ${`:${day}`})
    ORDER BY u.id LIMIT ${limit}`;
  let enqueued = 0;
  for (const user of users) {
    const seats = await deps.prisma.gamePlayer.findMany({
      where: { userId: user.id, emailNotifications: true, game: { status: { in: ['active', 'finished'] }, updatedAt: { gt: new Date(now.getTime() - 2 * DAY) } } },
      include: { game: true },
    });
    const lines: { text: string; url: string }[] = [];
    for (const s of seats) {
      const g = s.game;
      const mine = g.status === 'active' && g.pending.includes(s.role);
      const changed = g.updatedAt.getTime() > now.getTime() - DAY;
      if (!mine && !changed) continue;
      const name = `${moduleOf(g).title} #${g.number}`;
      const what =
        g.status === 'finished' ? 'the game has ended' : mine ? `your move${s.deadline ? `, due by ${formatTime(s.deadline)}` : ''}` : `waiting for ${g.pending.join(' and ')}`;
      lines.push({ text: `${name} (you play ${s.role}): ${what}`, url: `${deps.config.publicUrl}/games/${g.id}` });
    }
    // Every digest user gets a row for the day (an empty one is recorded as sent-free: status dropped).
    const unsubscribe = unsubscribeUrl(deps.config.publicUrl, deps.config.jwtSecret, user.id);
    const subject = `Alea daily digest: ${lines.length} game${lines.length === 1 ? '' : 's'}`;
    const text = `Hello ${user.display_name},\n\n${lines.map((l) => `- ${l.text}\n  ${l.url}`).join('\n')}\n\nEmail settings: ${deps.config.publicUrl}/settings\nUnsubscribe: ${unsubscribe}\n`;
    const html = `<p>Hello ${esc(user.display_name)},</p><ul>${lines.map((l) => `<li><a href="${esc(l.url)}">${esc(l.text)}</a></li>`).join('')}</ul><p><a href="${esc(deps.config.publicUrl)}/settings">Email settings</a> · <a href="${esc(unsubscribe)}">Unsubscribe</a></p>`;
    const r = await deps.prisma.outboxEmail.createMany({
      data: [{
        kind: 'digest',
        dedupeKey: `digest:${user.id}:${day}`,
        toAddress: user.email,
        subject,
        textBody: text,
        htmlBody: html,
        userId: user.id,
        nextAttemptAt: now,
        createdAt: now,
        // Nothing to say today: keep the marker row, send nothing.
        ...(lines.length === 0 && { status: 'dropped' as const }),
        expiresAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, DIGEST_HOUR_UTC)),
      }],
      skipDuplicates: true,
    });
    if (lines.length > 0) enqueued += r.count;
  }
  return users.length;
}
