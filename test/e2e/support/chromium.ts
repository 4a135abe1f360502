// Headless Debian Chromium through playwright-core, for the browser tests and the dashboard bench (no jest here).
import { chromium, type Browser } from 'playwright-core';

/** The flags keep Chromium off the network it cannot reach here (background services, QUIC). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
