import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../integrations/mail/test-smtp-server.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/** The shop's address in the links the e-mails carry. */
export const MAIL_APP_URL = 'http://loja.test';

export interface MailTestApp {
  /** The real SMTP server the app sends to. */
  smtp: TestSmtpServer;
  ctx: TestContext;
  /** How far the app's clock runs ahead of the real one; back to 0 before each test. */
  clockOffsetMs: number;
  /** The test's number in the file, counted from 1. */
  sequence: number;
  /**
   * The test's own client address, so the public routes' per-IP limits of one test do not
   * carry over into the next.
   */
  ip: string;
}

/**
 * For a test file whose flows go through e-mail (links to follow, notices to read): the app on a
 * real SMTP server, with a clock the tests may move. Registers the file's hooks that start and
 * stop both and reset the clock and the address before each test; the returned object is filled
 * in by them, so read its fields inside tests and hooks only.
 */
export function setUpMailTestApp(options: {
  /** The first three parts of the test addresses (a documentation range: 203.0.113). */
  ipPrefix: string;
  /** Forgets the mails received before each test. */
  clearMail?: boolean;
}): MailTestApp {
  const state = { clockOffsetMs: 0, sequence: 0, ip: '' } as MailTestApp;

  beforeAll(async () => {
    state.smtp = await startTestSmtpServer();
    state.ctx = await createTestContext({
      env: { SMTP_URL: state.smtp.url, APP_URL: MAIL_APP_URL, PAYMENTS_SANDBOX: 'true' },
      now: () => new Date(Date.now() + state.clockOffsetMs),
    });
  });

  // The optional chaining: a failed start leaves nothing to close.
  afterAll(async () => {
    await (state.ctx as TestContext | undefined)?.close();
    await (state.smtp as TestSmtpServer | undefined)?.close();
  });

  beforeEach(() => {
    if (options.clearMail) state.smtp.clear();
    state.clockOffsetMs = 0;
    state.sequence += 1;
    state.ip = `${options.ipPrefix}.${state.sequence}`;
  });

  return state;
}
