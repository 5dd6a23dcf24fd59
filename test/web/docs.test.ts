// The API documentation (/docs, Swagger UI) works in a real browser under its Content-Security-
// Policy: the operations are drawn from the document, one opens, and no script or style is
// refused (a refusal is a console error).
import t from 'tap';
import { chromiumPresent, INSTALL_HINT, launch, person } from '../helpers/browser.js';
import { listen, testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

t.test('/docs loads in Chromium under its CSP, and draws every operation of the document', async (t) => {
  const s = await testServer(t);
  const base = await listen(s.app);
  const browser = await launch(t);
  const reader = await person(browser, base);
  const violations: string[] = [];
  reader.page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const res = await reader.page.goto('/docs');
  t.match(res?.headers()['content-security-policy'], /frame-ancestors 'none'/, 'the page is served with its CSP');
  await reader.page.locator('.opblock').first().waitFor();
  const operations = await reader.page.locator('.opblock').count();
  t.ok(operations > 30, `the operations are drawn (${operations})`);
  await reader.page.locator('.opblock-summary').first().click();
  await reader.page.locator('.opblock-body').first().waitFor();
  t.same(violations, [], 'nothing was refused by the CSP');
  t.same(reader.errors, [], 'no console error');
});
