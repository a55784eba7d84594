import { describe, expect, it } from 'vitest';
import { CookieSession, enableTwoFactor, totpCode } from '../server/src/testing/two-factor-kit';
import { useConsoleHarness } from './support/console-harness';
import { addFakeChannel } from './support/channels';
import { signInThroughForm } from './support/console';

const STORED_KEY = 'sk-vaulted-upstream-key-5521';

describe('reading a channel key in Chromium', () => {
  const harness = useConsoleHarness();

  it('the editor asks for a two-factor code in a dialog, then shows the stored key', async () => {
    const api = new CookieSession(harness.server);
    await api.logIn('root', '123456');
    const { secret, backupCodes } = await enableTwoFactor(api);

    const { page } = await harness.open('en-US');
    await signInThroughForm(page, 'root', '123456');
    await page.getByTestId('two-factor-code').fill(totpCode(secret, 1));
    await page.getByTestId('two-factor-submit').click();
    await page.getByTestId('default-password-acknowledge').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const channelId = await addFakeChannel(page, '', 'gpt-4o', 'vaulted', STORED_KEY);

    await page.goto(`/channel/edit/${channelId}`);
    await page.getByTestId('channel-show-key').click();
    await page.getByTestId('secure-verification-code').fill(backupCodes[0]!);
    await page.getByTestId('secure-verification-submit').click();
    expect((await page.getByTestId('channel-stored-key').innerText()).trim()).toBe(STORED_KEY);
  });
});
