import { Role } from '@switchboard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/feedback';
import { changeLanguage } from '../../../i18n';
import { mockFetch, ok, type RecordedRequest } from '../../../testing/fetch-mock';
import { expectTextsIn } from '../../../testing/page-queries';
import { renderApp } from '../../../testing/render-app';
import { AccountCard } from './account-card';
import { InviteCard } from './invite-card';
import PersonalTab from './personal-tab';
import { eachTestIn } from '../../../testing/test-setup';

const self = {
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  password: '',
  github_id: '4242',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  oidc_id: '',
  email: '',
  quota: 1_500_000,
  used_quota: 250_000,
  request_count: 12,
  group: 'default',
  role: Role.Common,
  status: 1,
  aff_code: 'Ab12',
  aff_count: 3,
  aff_quota: 2_000_000,
  aff_history_quota: 6_000_000,
  inviter_id: 0,
  created_at: 0,
  DeletedAt: null,
  setting: '{"notify_type":"email","quota_warning_threshold":500000}',
};
const models = Array.from({ length: 13 }, (_, index) => `model-${String(index).padStart(2, '0')}`);

function serve(
  overrides: (request: RecordedRequest) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return mockFetch((request) => {
    const answer = overrides(request);
    if (answer) return answer;
    if (request.url === '/api/user/self') return ok(self);
    if (request.url === '/api/user/models') return ok(models);
    if (request.url === '/api/user/aff') return ok('Ab12');
    return ok();
  });
}

const routes = [
  { path: '/setting', element: <PersonalTab /> },
  { path: '/login', element: <p>login page</p> },
];

describe('personal settings tab', () => {
  eachTestIn('en');

  const open = () => renderApp(routes, { path: '/setting', user: { id: 7, username: 'alice', role: Role.Common } });
  /** One card alone: the dialogs re-render less than the whole tab would. */
  const openCard = (element: React.ReactElement) =>
    renderApp([{ path: '/setting', element }, routes[1]!], {
      path: '/setting',
      user: { id: 7, username: 'alice', role: Role.Common },
    });

  it('heads the tab with who is signed in: name, role, ID and group', async () => {
    serve();
    open();
    const header = await screen.findByTestId('profile-header');
    expectTextsIn(header, ['Alice', '@alice']);
    expect(within(header).getByTestId('profile-id').textContent).toBe('ID 7');
    expect(within(header).getByTestId('profile-group').textContent).toBe('Group: default');
    expect(within(header).getByText('User')).toBeTruthy();
  });

  it('offers a retry when the account fails to load, and shows the tab once it loads', async () => {
    let fail = true;
    serve((request) =>
      request.url === '/api/user/self' && fail
        ? { status: 500, body: { success: false, message: 'database is down' } }
        : undefined,
    );
    open();
    const retry = await screen.findByTestId('load-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('profile-header')).toBeTruthy();
  });

  it('shows balance, invitations, bindings and the invite link', async () => {
    serve();
    open();
    const balance = await screen.findByTestId('balance-card');
    expectTextsIn(balance, ['$3.00', '$0.50', '12']);
    const invite = screen.getByTestId('invite-card');
    expectTextsIn(invite, ['$4.00', '$12.00']);
    await vi.waitFor(() =>
      expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toBe(
        `${window.location.origin}/register?aff=Ab12`,
      ),
    );
    expect(screen.getByTestId('binding-github').textContent).toBe('4242');
    expect(screen.getByTestId('binding-email').textContent).toBe('Not bound');
    expect(screen.getByTestId('binding-wechat').textContent).toBe('Not enabled by the administrator');
  });

  it('shows the first ten usable models, then all', async () => {
    serve();
    open();
    const card = await screen.findByTestId('models-card');
    await vi.waitFor(() => expect(within(card).getByText('model-09')).toBeTruthy());
    expect(within(card).queryByText('model-10')).toBeNull();
    fireEvent.click(screen.getByTestId('models-toggle'));
    expect(within(card).getByText('model-12')).toBeTruthy();
  });

  /**
   * Opens `card` alone and its dialog, types `value` into its field and presses `button`; the dialog says `message`
   * and sends no request that `call` picks. The requests the card has sent.
   */
  async function expectCardRefuses(
    card: React.ReactElement,
    [opener, field, value, button]: [opener: string, field: string, value: string, button: string],
    message: string,
    call: (request: RecordedRequest) => boolean,
  ) {
    const requests = serve();
    openCard(card);
    const error = vi.spyOn(toast, 'error');
    fireEvent.click(await screen.findByTestId(opener));
    fireEvent.change(await screen.findByTestId(field), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: button }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(message));
    expect(requests.some(call)).toBe(false);
    return requests;
  }

  it('refuses a transfer below one unit without calling the server', async () => {
    await expectCardRefuses(
      <InviteCard user={self} />,
      ['invite-transfer', 'invite-transfer-amount', '0.99', 'OK'],
      'The minimum transfer amount is $1.00',
      (request) => request.url === '/api/user/aff_transfer',
    );
  });

  const transfers = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.url === '/api/user/aff_transfer').map((request) => request.body);

  it.each<[name: string, pending: number, shown: string, typed: string | undefined, moved: number]>([
    ['takes the transfer amount in dollars, as every label shows it', self.aff_quota, '4.00', '1.5', 750_000],
    [
      'moves all pending earnings when the amount shown (rounded to the cent) is kept',
      1_002_600,
      '2.01',
      undefined,
      1_002_600,
    ],
  ])('%s', async (_name, pending, shown, typed, moved) => {
    const requests = serve();
    openCard(<InviteCard user={{ ...self, aff_quota: pending }} />);
    fireEvent.click(await screen.findByTestId('invite-transfer'));
    const amount = (await screen.findByTestId('invite-transfer-amount')) as HTMLInputElement;
    expect(amount.value).toBe(shown);
    if (typed !== undefined) fireEvent.change(amount, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(transfers(requests)).toEqual([{ quota: moved }]));
  });

  it('deletes the account only after the username is typed, then signs out', async () => {
    const requests = await expectCardRefuses(
      <AccountCard user={self} />,
      ['delete-account', 'delete-account-name', 'bob', 'Delete'],
      'Please enter your account name to confirm deletion',
      (request) => request.method === 'DELETE',
    );
    fireEvent.change(screen.getByTestId('delete-account-name'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE' && request.url === '/api/user/self')).toBe(true);
  });

  it('asks for an https webhook before saving notification settings', async () => {
    const requests = serve();
    const error = vi.spyOn(toast, 'error');
    open();
    fireEvent.click(await screen.findByText('Webhook'));
    fireEvent.change(await screen.findByTestId('notification-webhook-url'), {
      target: { value: 'http://hook.example.com' },
    });
    fireEvent.click(screen.getByTestId('notification-save'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The webhook address must start with https://'));
    fireEvent.change(screen.getByTestId('notification-webhook-url'), { target: { value: 'https://hook.example.com' } });
    fireEvent.click(screen.getByTestId('notification-accept-unpriced'));
    fireEvent.click(screen.getByTestId('notification-save'));
    await vi.waitFor(() => expect(requests.find((request) => request.url === '/api/user/setting')).toBeDefined());
    expect(requests.find((request) => request.url === '/api/user/setting')?.body).toMatchObject({
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      webhook_url: 'https://hook.example.com',
      accept_unset_model_ratio_model: true,
    });
  });

  it('says the notification settings update failed, with the server reason', async () => {
    serve((request) =>
      request.url === '/api/user/setting'
        ? { body: { success: false, message: 'The notification email address is not valid', data: undefined } }
        : undefined,
    );
    const error = vi.spyOn(toast, 'error');
    open();
    fireEvent.click(await screen.findByTestId('notification-save'));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Notification settings update failed: The notification email address is not valid',
      ),
    );
    await changeLanguage('zh');
    fireEvent.click(await screen.findByTestId('notification-save'));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('通知设置更新失败：The notification email address is not valid'),
    );
  });
});
