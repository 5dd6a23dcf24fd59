// One-click unsubscribe (RFC 8058). Every email carries `List-Unsubscribe: <.../v1/unsubscribe?token=...>`
// and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: a mail client unsubscribes by POSTing
// `List-Unsubscribe=One-Click` as a form to that URL, which turns the user's emails off; a POST
// without that body is a 400 (RFC 8058 requires it: a bare POST is no one-click unsubscribe). The
// same link in an email's footer opens (GET) a page with a button that does the same POST: GET
// never changes anything, because mail scanners fetch links on their own. The token is signed
// (src/app/notify/unsubscribe.ts); a forged or malformed one is a 400.
import type { FastifyPluginAsync } from 'fastify';
import { unsubscribeUser } from '../../app/accounts/accounts.js';
import { AppError } from '../../app/errors.js';
import { verifyUnsubscribeToken } from '../../app/notify/unsubscribe.js';
import { BUTTON_STYLE, page, sendPage } from '../html.js';
import { operation, type OpenApi } from '../openapi.js';

function userOfToken(secret: string, token: string): string {
  const userId = verifyUnsubscribeToken(secret, token);
  if (!userId) {
    throw new AppError('bad_request', 'This unsubscribe link is not valid: use the link of an email from Alea as it is.', {
      errors: [{ in: 'query', path: '/token', message: 'is not a valid unsubscribe token' }],
    });
  }
  return userId;
}

/** The fields of a small multipart/form-data body (text fields only; a file part is a field too). */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /^content-disposition:[^\r\n]*;\s*name="([^"]*)"/im.exec(part.slice(0, split));
    if (name) fields[name[1]!] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

export const unsubscribeRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  // Form bodies are accepted here only (this plugin's scope), as RFC 8058 has mail clients send them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (request, body, done) =>
    done(null, multipartFields(body as string, request.headers['content-type'] ?? '')),
  );

  app.route({
    ...operation(api, 'unsubscribePage'),
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      userOfToken(app.config.jwtSecret, token);
      return sendPage(
        reply,
        page(
          'Stop emails from Alea?',
          `<p>Alea will send no more emails to this address: no "your move", no reminders, nothing. You can turn them back on in your settings.</p>
<form method="post" action="?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="${BUTTON_STYLE}">Stop all emails</button>
</form>`,
        ),
      );
    },
  });

  app.route({
    ...operation(api, 'unsubscribe'),
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const userId = userOfToken(app.config.jwtSecret, token);
      const form = request.body as Record<string, unknown> | undefined;
      if (form?.['List-Unsubscribe'] !== 'One-Click') {
        throw new AppError('bad_request', 'A one-click unsubscribe sends the form body List-Unsubscribe=One-Click (RFC 8058); use the button of the page the link opens.', {
          errors: [{ in: 'body', path: '/List-Unsubscribe', message: 'must be One-Click' }],
        });
      }
      // An account deleted since is unsubscribed all the same.
      await unsubscribeUser(app.services, userId);
      return sendPage(reply, page('Unsubscribed', '<p>Alea will send you no more emails. You can turn them back on in your settings.</p>'));
    },
  });
};
