import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { recordFailedCalls, signInAsRoot, signInThroughForm } from './support/console';

const USERNAME = 'browser-bob';
const PASSWORD = 'bob-password-1';
// Another area serves the group list; without it the group fields take typed names.
const OPTIONAL_PATHS = new Set(['/api/group/']);

const userRow = (page: Page) => page.getByTestId('user-table').locator('tr', { hasText: USERNAME });

describe('user administration in Chromium', () => {
  const harness = useConsoleHarness();

  it('root creates a user, adds quota and disables them; the user can no longer sign in', async () => {
    const session = await harness.open('en-US');
    const page = session.page;
    const failedCalls = recordFailedCalls(page, OPTIONAL_PATHS);
    await signInAsRoot(page);
    await page.goto('/user');

    await page.getByTestId('user-add').click();
    await page.getByTestId('user-add-username').fill(USERNAME);
    await page.getByTestId('user-add-password').fill('short');
    await page.getByTestId('user-add-submit').click();
    await page.getByText('The password must be 8 to 20 characters long').first().waitFor();
    await page.getByTestId('user-add-password').fill(PASSWORD);
    await page.getByTestId('user-add-submit').click();
    await userRow(page).waitFor();
    expect(await userRow(page).getByTestId('user-remaining').textContent()).toBe('Remaining $0.00');

    // The user can sign in while enabled (in a browser profile of their own).
    await harness.openAs(USERNAME, PASSWORD, 'en-US');

    await userRow(page).getByTestId('user-edit').click();
    const form = page.getByTestId('user-edit-form');
    await form.getByTestId('user-edit-add-quota').fill('1000000');
    await form.getByText('Remaining quota after saving: $2.00').waitFor();
    await form.getByTestId('user-edit-submit').click();
    await userRow(page).getByTestId('user-remaining').getByText('Remaining $2.00').waitFor();

    // Disabling sits in the row's "more" menu, which opens beside the row.
    await userRow(page).getByTestId('user-more').click();
    await page.getByTestId('user-disable').click();
    await userRow(page).getByTestId('user-status').getByText('Banned').waitFor();
    await userRow(page).getByTestId('user-more').click();
    await page.getByTestId('user-enable').waitFor();
    expect(failedCalls).toEqual([]);
    expect(session.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);

    const refused = (await harness.open('en-US')).page;
    await signInThroughForm(refused, USERNAME, PASSWORD);
    await refused.getByText('Wrong username or password, or the user is banned').first().waitFor();
    expect(new URL(refused.url()).pathname).toBe('/login');
  });
});
