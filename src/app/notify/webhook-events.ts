// What a change to a game tells its players' webhooks (issue 42): the same plan as the emails
// (notifications.ts plan(): who is told what), each written by the same email template from that
// recipient's own view, so a webhook can never say what the rules hide from its owner. Of the
// emails' kinds, "your move" is the webhooks' `yourMove`, and a result, a resignation or a
// time-out their `gameOver`; reveals and "X joined" have no webhook event (a move that follows is
// told). Unlike emails, webhooks do not depend on the email preference, a confirmed address or a
// game's email switch: a webhook is its owner's own subscription to its events. The rows go to
// the change's own write (game-tx.ts), which keeps those whose recipient has a webhook for them.
import type { Config } from '../../config/config.js';
import type { WebhookEventRow } from '../../store/webhooks.js';
import { gameLink } from './email-templates.js';
import { plan, summaryOf, type EmailKind, type GameChange } from './notifications.js';

const EVENT_OF: Partial<Record<EmailKind, string>> = { 'your-turn': 'yourMove', 'game-over': 'gameOver', resigned: 'gameOver', timeout: 'gameOver' };

export function webhookEventRows(config: Pick<Config, 'publicUrl'>, change: GameChange): WebhookEventRow[] {
  const rows: WebhookEventRow[] = [];
  for (const p of plan(change)) {
    const event = EVENT_OF[p.kind];
    const seat = change.seats.find((s) => s.role === p.role);
    if (!event || !seat) continue;
    const view = summaryOf(change.definition, change.view, change.state, seat.role);
    const ctx = {
      publicUrl: config.publicUrl,
      game: { number: change.game.number, title: change.game.title },
      gameId: change.game.id,
      recipient: { name: seat.user.displayName, role: seat.role },
      view,
      // A webhook carries no unsubscribe link: it says the email's brief only.
      unsubscribeUrl: '',
    };
    const email = p.build(ctx);
    rows.push({
      userId: seat.user.id,
      event,
      dedupeKey: `${p.kind}:${change.game.id}:${change.version}:${p.role}`,
      payload: {
        subject: email.subject,
        text: email.brief ?? email.subject,
        url: gameLink(ctx),
        game: { id: change.game.id, number: change.game.number, title: change.game.title, role: seat.role },
      },
    });
  }
  return rows;
}
