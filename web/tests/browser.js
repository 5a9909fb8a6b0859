// The browser tests' Chromium: Debian's package (CHROMIUM overrides the path), headless,
// with a throwaway profile and none of the background traffic that would make the tests'
// "no failed requests" checks flaky.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** A persistent headless context on a fresh profile; `close()` also removes the profile. */
export async function launch(name, viewport) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `fairyboard-${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return { context, profile };
}
