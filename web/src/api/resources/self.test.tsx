import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PersonalTab from '../../features/setting/personal/personal-tab';
import TopupPage from '../../features/topup/topup-page';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { userView } from '../../testing/user-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const signedIn = { id: 7, username: 'alice', role: Role.Common };

function server(request: RecordedRequest) {
  const path = request.url.split('?')[0];
  if (path === '/api/user/self') return ok(userView({ id: 7, quota: 1_000_000, used_quota: 0 }));
  if (path === '/api/user/topup') return ok(250_000);
  return ok();
}

describe('the signed-in user, one cache', () => {
  eachTestIn('en');

  it('reads /api/user/self once for every screen, and a redeemed code shows in the balance elsewhere at once', async () => {
    const requests = mockFetch(server);
    // The wallet and the personal settings side by side: two readers of the signed-in user.
    renderApp(
      [
        {
          path: '/both',
          element: (
            <>
              <TopupPage />
              <PersonalTab />
            </>
          ),
        },
      ],
      { path: '/both', user: signedIn },
    );
    const balanceCard = await screen.findByTestId('balance-card');
    expect(balanceCard.textContent).toContain('$2.00');
    fireEvent.change(screen.getByTestId('topup-code'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('topup-redeem'));
    await vi.waitFor(() => expect(screen.getByTestId('topup-balance').textContent).toContain('$2.50'));
    expect(screen.getByTestId('balance-card').textContent).toContain('$2.50');
    expect(requests.filter((request) => request.url === '/api/user/self')).toHaveLength(1);
  });
});
