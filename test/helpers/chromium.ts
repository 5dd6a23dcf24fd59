// Where the web client's tests find Chromium, and what they say when it is missing: apart from
// browser.ts (playwright-core, axe-core, the API client), so that the suite's parts can ask
// without loading those.
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const INSTALL_HINT = `web client browser tests skipped: no Chromium at ${CHROMIUM} (as root: apt-get update && apt-get install -y chromium-headless-shell)`;

export const chromiumPresent = () => existsSync(CHROMIUM);
