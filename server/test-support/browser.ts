// Real-browser tests: the distribution's Chromium (never a downloaded one)
// driven by playwright-core, headless. One browser per test file, a fresh
// context per test, so every test starts as a visitor with no cookies.
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const CHROMIUM_PATH = process.env.WHARF_CHROMIUM_PATH || '/usr/bin/chromium';

/** Fail the test file loudly when Chromium is missing: a skipped browser test would look like a passing one. */
export async function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${executablePath}. The browser tests need it: install it with ` +
        '`apt-get install chromium` (Debian/Ubuntu; .ci/run does this), or set WHARF_CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  // --no-sandbox: CI containers run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
}

export interface BrowserSession {
  readonly page: Page;
  readonly context: BrowserContext;
}

/** Registers the hooks of a browser test file; `page`/`context` are the current test's. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  beforeEach(async () => {
    context = await browser!.newContext();
    // Shorter than the test timeout, so a missing element is reported as such rather than as a test timeout.
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get page() {
      if (!page) throw new Error('useBrowser: no page outside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('useBrowser: no context outside a test');
      return context;
    },
  };
}

/** Fills the sign-in form the way a person does (by its labels) and submits it; resolves with the POST's answer. */
export async function submitSignIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return response;
}

/** The text of the page's main heading. */
export function heading(page: Page): Promise<string> {
  return page.getByRole('heading', { level: 1 }).innerText();
}
