import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { AccountCard } from '../setting/personal/account-card';
import UserEditPage from './user-edit-page';
import { userView } from '../../testing/user-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const me = userView({ id: 7, username: 'alice', display_name: 'Alice' });
const routes = [
  { path: '/user/edit', element: <UserEditPage /> },
  { path: '/setting', element: <AccountCard user={me} /> },
];

describe('editing one’s own profile at /user/edit', () => {
  eachTestIn('en');

  const serve = () =>
    mockFetch((request) => (request.url === '/api/user/self' && request.method === 'GET' ? ok(me) : ok()));
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

  it('is linked from the personal tab', async () => {
    serve();
    const { router } = renderApp(routes, { path: '/setting', user: { id: 7, username: 'alice', role: Role.Common } });
    fireEvent.click(await screen.findByText('Edit profile'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/edit'));
    expect(await screen.findByTestId('user-edit-form')).toBeTruthy();
  });

  it('changes the username and display name, and the password only with the current one', async () => {
    const requests = serve();
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/user/edit', user: { id: 7, username: 'alice', role: Role.Common } });
    await screen.findByTestId('user-edit-form');
    expect(screen.queryByTestId('user-edit-original-password')).toBeNull();
    type('user-edit-username', 'alice2');
    type('user-edit-display-name', 'Alice Two');
    type('user-edit-password', 'new-password1');
    fireEvent.click(screen.getByTestId('user-edit-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Please enter your current password'));
    const puts = () => requests.filter((request) => request.method === 'PUT');
    expect(puts()).toEqual([]);

    type('user-edit-original-password', 'old-password1');
    fireEvent.click(screen.getByTestId('user-edit-submit'));
    await vi.waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      url: '/api/user/self',
      body: {
        username: 'alice2',
        display_name: 'Alice Two',
        password: 'new-password1',
        original_password: 'old-password1',
      },
    });
  });
});
