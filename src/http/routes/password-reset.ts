// Password reset by email (src/app/accounts/password-reset.ts). For API clients: ask for a link, then
// confirm with its token and a new password (JSON). For people: the email's link opens a page
// served here with a form (GET shows it and changes nothing; its POST sets the password), so a
// reset works before any web client exists. All but the page itself are rate limited.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../app/errors.js';
import { requestPasswordReset, resetLinkUsable, resetPassword } from '../../app/accounts/password-reset.js';
import { BUTTON_STYLE, esc, page, sendPage } from '../html.js';
import { limitedOperation } from '../limits.js';
import { operation, type OpenApi } from '../openapi.js';

const MIN_PASSWORD = 10;
const MAX_PASSWORD = 256;

function formPage(token: string, error?: string): string {
  return page(
    'Choose a new password',
    `${error ? `<p style="color: #7a1f1f"><strong>${esc(error)}</strong></p>\n` : ''}<form method="post" action="?token=${encodeURIComponent(token)}">
<p><label>New password (at least ${MIN_PASSWORD} characters)<br><input type="password" name="newPassword" autocomplete="new-password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required></label></p>
<p><label>The same again<br><input type="password" name="newPasswordAgain" autocomplete="new-password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required></label></p>
<p><button type="submit" style="${BUTTON_STYLE}">Set the new password</button></p>
</form>
<p style="font-size: small; color: #666">Every device signed in to your account will have to sign in again.</p>`,
  );
}

const badLinkPage = (reply: FastifyReply) =>
  sendPage(reply, page('This link does not work', '<p>It is not valid, has expired (a link works for an hour), or was used already. Ask for a new one from the sign-in page.</p>'), 400);

export const passwordResetRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  // Form bodies are accepted in this plugin only (the page's form).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    ...limitedOperation(app, api, 'requestPasswordReset'),
    handler: async (request, reply) => {
      // The answer goes before the work: how long it takes must not tell whether an account has
      // this address (it looks the account up, and if there is one, writes the email).
      const input = request.body as { email: string };
      app.services.background.run(
        () => requestPasswordReset(app.services, input),
        (err) => request.log.error({ err }, 'password reset request failed'),
      );
      return reply.code(202).send();
    },
  });

  app.route({
    ...limitedOperation(app, api, 'confirmPasswordReset'),
    handler: async (request) => {
      const { user, tokenGeneration } = await resetPassword(app.services, request.body as { token: string; newPassword: string });
      return { ...app.issueToken(user.id, tokenGeneration), tokenType: 'Bearer', user };
    },
  });

  app.route({
    ...operation(api, 'passwordResetPage'),
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      if (!(await resetLinkUsable(app.services, token))) return badLinkPage(reply);
      return sendPage(reply, formPage(token));
    },
  });

  app.route({
    ...limitedOperation(app, api, 'passwordResetForm'),
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
        throw new AppError('unsupported_media_type', 'Send the form as application/x-www-form-urlencoded, as the page does.');
      }
      const form = (request.body ?? {}) as Record<string, unknown>;
      const password = typeof form.newPassword === 'string' ? form.newPassword : '';
      if (!(await resetLinkUsable(app.services, token))) return badLinkPage(reply);
      const problem =
        password.length < MIN_PASSWORD || password.length > MAX_PASSWORD
          ? `The password must have ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`
          : password !== form.newPasswordAgain
            ? 'The two passwords differ.'
            : null;
      if (problem) return sendPage(reply, formPage(token, problem), 400);
      try {
        await resetPassword(app.services, { token, newPassword: password });
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_token') return badLinkPage(reply); // used meanwhile
        throw err;
      }
      return sendPage(reply, page('Your password is changed', '<p>Sign in with it from your Alea client. Every device that was signed in must sign in again.</p>'));
    },
  });
};
