import type { Locator, Page } from 'playwright-core';

/** Makes a console call with the page's session cookie root's (root is user 1). */
export const ROOT_HEADERS = { 'New-Api-User': '1' };

/** A console call as root with the page's session cookie, answering the envelope. */
export async function rootCall(
  page: Page,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  data?: unknown,
  language = 'en',
): Promise<{ success: boolean; message: string; data: unknown }> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { ...ROOT_HEADERS, 'Accept-Language': language },
  });
  return (await response.json()) as { success: boolean; message: string; data: unknown };
}

/** Signs in through the login form, as a person would. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login form and waits until the console has left the login page. */
export async function signInToConsole(page: Page, username: string, password: string): Promise<void> {
  await signInThroughForm(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Signs in as root and dismisses the default-password warning; lands on /token with the console shown.
 * The address changes a moment before the console's layout replaces the site's, and a menu opened in
 * that moment goes with the old layout.
 */
export async function signInAsRoot(page: Page): Promise<void> {
  await signInThroughForm(page, 'root', '123456');
  await page.getByTestId('default-password-acknowledge').click();
  await page.waitForURL('**/token');
  await page.getByTestId('sidebar-token').waitFor();
}

export async function chooseLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-${language}`).click();
}

/** The sidebar entries' visible labels, keyed by entry. */
export async function sidebarLabels(page: Page): Promise<Record<string, string>> {
  const links = page.locator('[data-testid^="sidebar-"]');
  await links.first().waitFor();
  const entries = await links.evaluateAll((elements) =>
    elements.map((element) => [
      element.getAttribute('data-testid')?.replace('sidebar-', '') ?? '',
      element.textContent ?? '',
    ]),
  );
  return Object.fromEntries(entries);
}

/** Collects `status path` of every answer of 400 or more the page receives, except for the listed paths. */
export function recordFailedCalls(page: Page, optionalPaths: ReadonlySet<string> = new Set()): string[] {
  const failedCalls: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && !optionalPaths.has(path)) failedCalls.push(`${response.status()} ${path}`);
  });
  return failedCalls;
}

/**
 * Clicks a button that closes an antd dialog (its ×, or a confirm's OK) and waits until `content` is
 * hidden or gone. Under a heavy load a click that lands while the dialog's opening animation still runs
 * was lost twice (the dialog stayed open), so the button is clicked again while the dialog is still
 * there after a while; not while the button is busy with a request the first click started (antd shows
 * it loading). The dialog must close in the end.
 */
export async function clickUntilClosed(button: Locator, content: Locator): Promise<void> {
  await button.click();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0) {
      if (!(await content.isVisible())) return;
      const busy = await button
        .evaluate((element) => element.classList.contains('ant-btn-loading'), undefined, { timeout: 1000 })
        .catch(() => false);
      // The dialog may close between the check and the click; the wait below decides.
      if (!busy) await button.click({ timeout: 5000 }).catch(() => undefined);
    }
    try {
      await content.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

/** Closes the open antd dialog with its × (see clickUntilClosed). */
export const closeDialog = (page: Page, content: Locator): Promise<void> =>
  clickUntilClosed(page.locator('.ant-modal-close'), content);
