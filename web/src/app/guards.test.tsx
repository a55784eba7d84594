import { Role } from '@switchboard/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderApp } from '../testing/render-app';
import { RequireAdmin, RequireLogin } from './guards';

const routes = [
  { path: '/login', element: <p>login form</p> },
  {
    element: <RequireLogin />,
    children: [
      { path: '/token', element: <p>token list</p> },
      { element: <RequireAdmin />, children: [{ path: '/channel', element: <p>channel list</p> }] },
    ],
  },
];

describe('route guards', () => {
  beforeEach(async () => {
    await changeLanguage('zh');
  });

  it('sends a visitor without a stored user to /login and remembers the page', async () => {
    const { router } = renderApp(routes, { path: '/token?p=2' });
    expect(await screen.findByText('login form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/token?p=2' });
  });

  it('lets a signed-in user through', async () => {
    renderApp(routes, { path: '/token', user: { id: 3, role: Role.Common } });
    expect(await screen.findByText('token list')).toBeTruthy();
  });

  it('shows no-permission to a normal user on an admin page', async () => {
    const { router } = renderApp(routes, { path: '/channel', user: { id: 3, role: Role.Common } });
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByText('channel list')).toBeNull();
    expect(router.state.location.pathname).toBe('/channel');
  });

  it('lets an admin through to an admin page', async () => {
    renderApp(routes, { path: '/channel', user: { id: 1, role: Role.Admin } });
    expect(await screen.findByText('channel list')).toBeTruthy();
  });
});
