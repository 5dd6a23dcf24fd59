// The few HTML pages the API serves itself, for links opened from emails (unsubscribe, password
// reset): plain, no scripts, styled by the web client's shared stylesheet (/alea.css, from
// web/public/) so they look like the rest of Alea; they stay readable without it.
import type { FastifyReply } from 'fastify';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page; `body` is HTML already escaped by the caller. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)} · Alea</title>
<link rel="stylesheet" href="/alea.css"></head>
<body class="plain-page">
<header class="topbar"><a class="brand" href="/">Alea</a></header>
<main class="narrow">
<h1>${esc(title)}</h1>
${body}
</main>
</body></html>
`;
}

export const BUTTON_STYLE = 'padding: .6em 1.2em; background: #7a1f1f; color: #fff; border: 0; border-radius: 4px';

export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  // The page's URL holds a token: no referrer, no caching, no framing, no scripts.
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(html);
}
