import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import SettingPage from './setting-page';
import { optionServer, plainUser, putsOf, rootUser, storedOptions } from '../../testing/setting-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/setting', element: <SettingPage /> }];

async function section(name: string) {
  return screen.findByTestId(`section-${name}`);
}

/** Opens a tab of the settings page as root and answers one of its sections. */
function openSection(tab: 'operation' | 'system' | 'other', name: string) {
  renderApp(routes, { path: `/setting?tab=${tab}`, user: rootUser });
  return section(name);
}

function input(container: HTMLElement, key: string) {
  const field = within(container).getByTestId(`option-${key}`).querySelector('input, textarea');
  if (!field) throw new Error(`no input for ${key}`);
  return field as HTMLInputElement;
}

/** Types each value into its field of the section, then presses the section's save button. */
function typeAndSave(container: HTMLElement, name: string, values: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(values)) fireEvent.change(input(container, key), { target: { value } });
  fireEvent.click(within(container).getByTestId(`save-${name}`));
}

/** The labels of the settings tabs, once the page shows them. */
const tabLabels = async () =>
  within(await screen.findByTestId('setting-tabs'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

// The system and operation tabs render dozens of fields; happy-dom on a shared machine needs the time.
describe('settings page', () => {
  eachTestIn('en');

  it('shows only the personal tab to someone who is not a super admin, whatever the address asks', async () => {
    const requests = mockFetch(optionServer());
    renderApp(routes, { path: '/setting?tab=system', user: plainUser });
    expect(await tabLabels()).toEqual(['Personal']);
    expect(requests.some((request) => request.url.startsWith('/api/option/'))).toBe(false);
  });

  it('gives a super admin all four tabs and opens the one the address names', async () => {
    mockFetch(optionServer());
    renderApp(routes, { path: '/setting?tab=other', user: rootUser });
    expect(await tabLabels()).toEqual(['Personal', 'Operation', 'System', 'Other']);
    expect(await section('branding')).toBeTruthy();
  });

  it('says nothing was modified when saving without a change', async () => {
    const requests = mockFetch(optionServer());
    const info = vi.spyOn(toast, 'info');
    typeAndSave(await openSection('other', 'branding'), 'branding');
    await waitFor(() => expect(info).toHaveBeenCalledWith('Nothing was modified'));
    expect(putsOf(requests)).toEqual([]);
  });

  it('saves only the changed value', async () => {
    const requests = mockFetch(optionServer());
    const success = vi.spyOn(toast, 'success');
    const branding = await openSection('other', 'branding');
    typeAndSave(branding, 'branding', { SystemName: 'Acme Gateway' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));
    expect(putsOf(requests)).toEqual([{ key: 'SystemName', value: 'Acme Gateway' }]);
  });

  it('says the save failed, or partly failed, with the server reasons', async () => {
    mockFetch(optionServer(storedOptions(), (key) => (key === 'SMTPPort' ? 'SMTPPort must be a number' : null)));
    const error = vi.spyOn(toast, 'error');
    const warning = vi.spyOn(toast, 'warning');
    const smtp = await openSection('system', 'smtp');
    typeAndSave(smtp, 'smtp', { SMTPServer: 'smtp.example.com', SMTPPort: '2525' });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Partial save failed, please retry'));
    expect(warning).toHaveBeenCalledWith('SMTPPort must be a number');

    // The server kept the accepted value; now only the refused one differs.
    typeAndSave(smtp, 'smtp', { SMTPPort: '2526' });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Save failed, please retry'));
  });

  it('refuses a JSON option that is not valid JSON before sending it', async () => {
    const requests = mockFetch(optionServer());
    const error = vi.spyOn(toast, 'error');
    const groups = await openSection('operation', 'groups');
    typeAndSave(groups, 'groups', { GroupRatio: '{"default": 1' });
    expect(await within(groups).findByText('Not a valid JSON string')).toBeTruthy();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please check the input'));
    expect(putsOf(requests)).toEqual([]);
  });

  it('says what shape a Claude option needs, then saves the dotted key once it fits', async () => {
    const requests = mockFetch(optionServer());
    const claude = await openSection('operation', 'claude');
    typeAndSave(claude, 'claude', { 'claude.default_max_tokens': '{"default": 0}' });
    expect(
      await within(claude).findByText(
        'A JSON object: model name → whole number of at least 1 ("default" for the rest)',
      ),
    ).toBeTruthy();
    expect(putsOf(requests)).toEqual([]);
    typeAndSave(claude, 'claude', { 'claude.default_max_tokens': '{"default": 4096}' });
    await waitFor(() =>
      expect(putsOf(requests)).toEqual([{ key: 'claude.default_max_tokens', value: '{"default": 4096}' }]),
    );
  });

  it('refuses a group listed twice and a negative ratio before sending, saying what is wrong', async () => {
    const requests = mockFetch(optionServer());
    const groups = await openSection('operation', 'groups');
    typeAndSave(groups, 'groups', { GroupRatio: '{"default": 1, "vip": 2, "default": 3}' });
    expect(
      await within(groups).findByText('"default" appears more than once; each name may appear only once'),
    ).toBeTruthy();
    typeAndSave(groups, 'groups', { GroupRatio: '{"default": 1, "vip": -2}' });
    expect(
      await within(groups).findByText('The value of "vip" is negative; ratios and prices cannot be less than 0'),
    ).toBeTruthy();
    expect(putsOf(requests)).toEqual([]);
  });

  it('says the refresh failed when the saved options cannot be read back', async () => {
    const serve = optionServer();
    let saved = false;
    mockFetch((request) => {
      if (request.method === 'PUT') saved = true;
      if (saved && request.method === 'GET' && request.url.startsWith('/api/option/'))
        return { status: 500, body: { success: false, message: 'boom' } };
      return serve(request);
    });
    const error = vi.spyOn(toast, 'error');
    const branding = await openSection('other', 'branding');
    typeAndSave(branding, 'branding', { SystemName: 'Acme Gateway' });
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Refresh failed: /)));
  });

  it('asks for the server address before payment settings', async () => {
    const requests = mockFetch(optionServer());
    const error = vi.spyOn(toast, 'error');
    const payment = await openSection('system', 'payment');
    typeAndSave(payment, 'payment', { PayAddress: 'https://pay.example.com' });
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Fill in the server address before setting the payment address'),
    );
    expect(putsOf(requests)).toEqual([]);
  });

  async function turnOffPasswordLogin() {
    const requests = mockFetch(optionServer());
    const access = await openSection('system', 'access');
    fireEvent.click(within(within(access).getByTestId('option-PasswordLoginEnabled')).getByRole('switch'));
    typeAndSave(access, 'access');
    expect(
      await screen.findByText(
        'Users without another sign-in method, administrators included, will not be able to sign in.',
      ),
    ).toBeTruthy();
    return requests;
  }

  it('asks before turning off password sign-in, and a cancel saves nothing', async () => {
    const requests = await turnOffPasswordLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // A confirmed save would send its PUT at once (the fake answers immediately).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(putsOf(requests)).toEqual([]);
  });

  it('turns off password sign-in once confirmed', async () => {
    const requests = await turnOffPasswordLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Turn it off' }));
    await waitFor(() => expect(putsOf(requests)).toEqual([{ key: 'PasswordLoginEnabled', value: 'false' }]));
  });
});
