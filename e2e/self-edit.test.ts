import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { signInToConsole } from './support/console';

const USERNAME = 'self-editor';
const PASSWORD = 'first-password1';

describe('editing one’s own profile in Chromium', () => {
  const harness = useConsoleHarness();

  it('a user reaches /user/edit from the personal tab, renames themselves and changes the password; their other browser is signed out', async () => {
    await harness.addUser(USERNAME, PASSWORD);

    const session = await harness.openAs(USERNAME, PASSWORD, 'en-US');
    const page = session.page;
    const elsewhere = await harness.openAs(USERNAME, PASSWORD, 'en-US');

    await page.goto('/setting?tab=personal');
    await page.getByTestId('edit-profile').click();
    await page.waitForURL('**/user/edit');
    await page.getByTestId('user-edit-display-name').fill('Renamed Self');
    await page.getByTestId('user-edit-password').fill('second-password2');
    await page.getByTestId('user-edit-submit').click();
    await page.getByText('Please enter your current password').first().waitFor();
    await page.getByTestId('user-edit-original-password').fill(PASSWORD);
    await page.getByTestId('user-edit-submit').click();
    await page.getByTestId('user-menu').getByText('Renamed Self').waitFor();

    // This browser stays signed in; the other one is sent to sign in again on its next call.
    await page.goto('/token');
    await page.getByTestId('token-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/token');
    await elsewhere.page.goto('/token');
    await elsewhere.page.waitForURL('**/login?expired=true');
    await signInToConsole(elsewhere.page, USERNAME, 'second-password2');
  });
});
