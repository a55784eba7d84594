import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAKE_OIDC_CLIENT, FakeOidcProvider } from '../server/src/testing/fake-oidc-provider';
import { rootClient } from './support/server';
import { useConsoleHarness, useForFile } from './support/console-harness';

const field = (page: Page, key: string) => page.getByTestId(`option-${key}`).locator('input');

describe('OIDC sign-in in Chromium', () => {
  const harness = useConsoleHarness();
  const provider = useForFile(
    () => new FakeOidcProvider().start(),
    (started) => started.stop(),
  );

  it('root sets OIDC up from the discovery address; a visitor signs in with the OIDC button and lands on /token', async () => {
    const asRoot = await rootClient(harness.server);
    expect(await asRoot('PUT', '/option/', { key: 'ServerAddress', value: harness.server.baseUrl })).toMatchObject({
      success: true,
    });

    const admin = (await harness.openAsRoot('en-US')).page;
    await admin.goto('/setting?tab=system');
    await field(admin, 'oidc.client_id').fill(FAKE_OIDC_CLIENT.id);
    await field(admin, 'oidc.client_secret').fill(FAKE_OIDC_CLIENT.secret);
    await field(admin, 'oidc.well_known').fill(`${provider().url}/.well-known/openid-configuration`);
    await admin.getByTestId('option-oidc.enabled').getByRole('switch').click();
    await admin.getByTestId('save-oidc').click();
    await expect
      .poll(() => field(admin, 'oidc.authorization_endpoint').inputValue())
      .toBe(`${provider().url}/authorize`);
    expect(await field(admin, 'oidc.token_endpoint').inputValue()).toBe(`${provider().url}/token`);
    expect(await field(admin, 'oidc.client_secret').inputValue()).toBe('');

    provider().signedIn = { sub: 'e2e-subject', preferred_username: 'oidcwalker', name: 'OIDC Walker' };
    const visitor = (await harness.open('en-US')).page;
    await visitor.goto('/login');
    await visitor.getByTestId('sign-in-oidc').click();
    await visitor.waitForURL('**/token');
    const found = await asRoot<{ items: Array<{ username: string; oidc_id: string }> }>(
      'GET',
      '/user/search?keyword=oidcwalker',
    );
    expect(JSON.stringify(found.data)).toContain('"oidc_id":"e2e-subject"');
  });
});
