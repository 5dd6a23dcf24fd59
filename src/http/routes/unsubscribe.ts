// One-click unsubscribe (RFC 8058). Every email carries `List-Unsubscribe: <.../v1/unsubscribe?token=...>`
// and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: a mail client unsubscribes by POSTing
// `List-Unsubscribe=One-Click` as a form to that URL, which turns the user's emails off. The same
// link in an email's footer opens (GET) a page with a button that does the same POST: GET never
// changes anything, because mail scanners fetch links on their own. The token is signed
// (src/app/unsubscribe.ts); a forged or malformed one is a 400.
import type { FastifyPluginAsync } from 'fastify';
import { unsubscribeUser } from '../../app/accounts.js';
import { AppError } from '../../app/errors.js';
import { verifyUnsubscribeToken } from '../../app/unsubscribe.js';
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

export const unsubscribeRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  // Form bodies are accepted here only (this plugin's scope); their content does not matter.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  }

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
      // An account deleted since is unsubscribed all the same.
      await unsubscribeUser(app.services, userId);
      return sendPage(reply, page('Unsubscribed', '<p>Alea will send you no more emails. You can turn them back on in your settings.</p>'));
    },
  });
};
