// The accessibility check every page test relies on (helpers/browser.ts axe()) does find serious
// and critical violations: a page with an unnamed button and unreadable text must fail it, and
// the same page mended must pass.
import t from 'tap';
import { axe, chromiumPresent, INSTALL_HINT, launch, person } from '../helpers/browser.js';

if (!chromiumPresent()) {
  t.comment(INSTALL_HINT);
} else {
  t.test('axe() reports serious and critical violations, and nothing on a sound page', async (t) => {
    const browser = await launch(t);
    const { page } = await person(browser, 'http://127.0.0.1:9');
    const page_ = (body: string) => `<!doctype html><html lang="en"><head><title>check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;
    await page.setContent(page_('<button></button><p style="color:#777;background:#888">faint words</p>'));
    const found = await axe(page);
    t.match(found.join('\n'), /critical button-name/, 'an unnamed button');
    t.match(found.join('\n'), /serious color-contrast/, 'text without contrast');
    await page.setContent(page_('<button>Send</button><p style="color:#111;background:#fff">clear words</p>'));
    t.same(await axe(page), [], 'the mended page passes');
  });
}
