import type { Locator, Page } from 'playwright-core';

/** Signs in through the login form, as a person would. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in as root and dismisses the default-password warning; lands on /token. */
export async function signInAsRoot(page: Page): Promise<void> {
  await signInThroughForm(page, 'root', '123456');
  await page.getByTestId('default-password-acknowledge').click();
  await page.waitForURL('**/token');
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
    elements.map((element) => [element.getAttribute('data-testid')?.replace('sidebar-', '') ?? '', element.textContent ?? '']),
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
 * Closes the open antd dialog with its × and waits until `content` is hidden or gone. Under a heavy load a click
 * that lands while the dialog's opening animation still runs was once lost (the dialog stayed open), so
 * the × is clicked again if the dialog is still there after a while; it must close in the end.
 */
export async function closeDialog(page: Page, content: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.locator('.ant-modal-close').click();
    try {
      await content.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}
