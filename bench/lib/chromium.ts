/** The system Chromium; there is no browser download on this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Keep Chromium quiet and offline: no updates, no first-run UI, no background requests. */
export const CHROMIUM_QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
