import { Role, UserStatus } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import UserEditPage from './user-edit-page';
import UserListPage from './user-list-page';
import { adminUser, rootUser, userServer, userView } from '../../testing/user-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [
  { path: '/user', element: <UserListPage /> },
  { path: '/user/edit', element: <UserEditPage /> },
  { path: '/user/edit/:id', element: <UserEditPage /> },
];

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr') as HTMLElement;
/** Opens a row's "more" menu and answers the menu (antd renders it beside the page, not in the row). */
async function openRowMenu(row: HTMLElement): Promise<HTMLElement> {
  const before = document.querySelectorAll('.ant-dropdown').length;
  fireEvent.click(within(row).getByTestId('user-more'));
  await waitFor(() => expect(document.querySelectorAll('.ant-dropdown').length).toBeGreaterThan(before));
  return [...document.querySelectorAll<HTMLElement>('.ant-dropdown')].at(-1) as HTMLElement;
}
const isDisabledEntry = (menu: HTMLElement, testId: string) =>
  within(menu).getByTestId(testId).closest('li')?.getAttribute('aria-disabled') === 'true';

describe('user management page', () => {
  eachTestIn('en');

  it('shows stats, invite info, role and status; a deregistered user gets no actions', async () => {
    mockFetch(
      userServer([
        userView(),
        userView({ id: 6, username: 'gone', DeletedAt: 1_900_000_000 }),
        userView({ id: 7, username: 'banned', status: UserStatus.Disabled }),
      ]),
    );
    renderApp(routes, { path: '/user', user: rootUser });
    const alice = await rowOf('alice');
    expect(within(alice).getByTestId('user-remaining').textContent).toBe('Remaining $2.00');
    expect(alice.textContent).toContain('Used $0.50');
    expect(alice.textContent).toContain('12 calls');
    expect(alice.textContent).toContain('Invited 3');
    expect(alice.textContent).toContain('Invite income $1.00');
    expect(alice.textContent).toContain('User');
    expect(within(alice).getByTestId('user-status').textContent).toBe('Activated');
    const gone = await rowOf('gone');
    expect(within(gone).getByTestId('user-status').textContent).toBe('Deregistered');
    expect(within(gone).queryAllByRole('button')).toEqual([]);
    const banned = await rowOf('banned');
    expect(within(await openRowMenu(banned)).getByTestId('user-enable')).toBeTruthy();
  });

  it('searches by keyword and group through /api/user/search', async () => {
    const requests = mockFetch(userServer([userView(), userView({ id: 6, username: 'bob' })]));
    renderApp(routes, { path: '/user', user: rootUser });
    await screen.findByText('bob');
    fireEvent.change(screen.getByTestId('user-search-keyword'), { target: { value: ' ali ' } });
    const group = screen.getByTestId('user-search-group');
    fireEvent.change(group.tagName === 'INPUT' ? group : (group.querySelector('input') as HTMLElement), {
      target: { value: 'vip' },
    });
    fireEvent.click(screen.getByTestId('user-search'));
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    const search = requests.find((request) => request.url.startsWith('/api/user/search'));
    const parameters = new URL(search?.url ?? '', 'http://x').searchParams;
    expect([parameters.get('keyword'), parameters.get('group'), parameters.get('p')]).toEqual(['ali', 'vip', '1']);
  });

  it('lets an administrator act only on users below their role, and never promote', async () => {
    mockFetch(userServer([userView(), userView({ id: 8, username: 'peer', role: Role.Admin })]));
    renderApp(routes, { path: '/user', user: adminUser });
    const alice = await rowOf('alice');
    const aliceMenu = await openRowMenu(alice);
    expect(isDisabledEntry(aliceMenu, 'user-disable')).toBe(false);
    expect(isDisabledEntry(aliceMenu, 'user-promote')).toBe(true);
    const peer = await rowOf('peer');
    expect((within(peer).getByTestId('user-edit') as HTMLButtonElement).disabled).toBe(true);
    const peerMenu = await openRowMenu(peer);
    for (const action of ['user-demote', 'user-disable', 'user-delete'])
      expect(isDisabledEntry(peerMenu, action)).toBe(true);
  });

  it('disables a user through /api/user/manage', async () => {
    const requests = mockFetch(userServer([userView()]));
    renderApp(routes, { path: '/user', user: rootUser });
    fireEvent.click(within(await openRowMenu(await rowOf('alice'))).getByTestId('user-disable'));
    await waitFor(() => expect(requests.some((request) => request.url === '/api/user/manage')).toBe(true));
    expect(requests.find((request) => request.url === '/api/user/manage')?.body).toEqual({ id: 5, action: 'disable' });
  });

  it('edits in the side panel: bound accounts read-only, an added amount sent as add_quota', async () => {
    const requests = mockFetch(userServer([userView({ github_id: 'octocat' })]));
    renderApp(routes, { path: '/user', user: rootUser });
    fireEvent.click(within(await rowOf('alice')).getByTestId('user-edit'));
    const form = await screen.findByTestId('user-edit-form');
    expect(within(form).getByTestId('user-bindings').textContent).toContain('octocat');
    fireEvent.change(within(form).getByTestId('user-edit-add-quota'), { target: { value: '-400000' } });
    expect(form.textContent).toContain('Remaining quota after saving: $1.20');
    fireEvent.click(within(form).getByTestId('user-edit-submit'));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: 5,
      username: 'alice',
      display_name: 'Alice',
      group: 'default',
      add_quota: -400_000,
    });
  });

  it('edits oneself without group or quota, saving username, display name and password (with the current one) to /api/user/self', async () => {
    const requests = mockFetch(userServer([userView()]));
    renderApp(routes, { path: '/user/edit', user: { id: 5, role: Role.Common } });
    const form = await screen.findByTestId('user-edit-form');
    expect(within(form).queryByTestId('user-edit-quota')).toBeNull();
    expect(within(form).queryByTestId('user-edit-group')).toBeNull();
    expect((within(form).getByTestId('user-edit-username') as HTMLInputElement).disabled).toBe(false);
    fireEvent.change(within(form).getByTestId('user-edit-display-name'), { target: { value: 'New Name' } });
    fireEvent.change(within(form).getByTestId('user-edit-password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(await within(form).findByTestId('user-edit-original-password'), {
      target: { value: 'old-password-1' },
    });
    fireEvent.click(within(form).getByTestId('user-edit-submit'));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/user/self');
    expect(put?.body).toEqual({
      username: 'alice',
      display_name: 'New Name',
      password: 'long-enough-1',
      original_password: 'old-password-1',
    });
  });

  it('shows the server refusal when the user cannot be edited', async () => {
    const refusal = 'No permission to act on a user of the same or a higher role';
    mockFetch(() => ({ body: { success: false, message: refusal } }));
    renderApp(routes, { path: '/user/edit/8', user: adminUser });
    expect((await screen.findByTestId('user-edit-error')).textContent).toContain(refusal);
  });

  it('answers a non-numeric id with the not-found page', async () => {
    mockFetch(userServer([]));
    renderApp(routes, { path: '/user/edit/abc', user: rootUser });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('edits oneself and updates the stored display name', async () => {
    mockFetch(userServer([userView()]));
    renderApp(routes, { path: '/user/edit', user: { id: 5, role: Role.Common } });
    const form = await screen.findByTestId('user-edit-form');
    fireEvent.change(within(form).getByTestId('user-edit-display-name'), { target: { value: 'Shown Name' } });
    fireEvent.click(within(form).getByTestId('user-edit-submit'));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 5, display_name: 'Shown Name' }),
    );
  });
});
