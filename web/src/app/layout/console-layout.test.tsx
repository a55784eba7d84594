import { Role } from '@switchboard/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { ConsoleLayout } from './console-layout';

const routes = [{ element: <ConsoleLayout />, children: [{ path: '/log', element: <p>log list</p> }] }];
const admin = { id: 1, role: Role.Root, username: 'root' };

describe('console layout', () => {
  beforeEach(async () => {
    await changeLanguage('zh');
    mockFetch(() =>
      ok({ id: 1, username: 'root', display_name: 'Root', role: Role.Root, status: 1, group: 'default' }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the page with the top bar, sidebar and the version in the footer', async () => {
    renderApp(routes, { path: '/log', user: admin, status: { version: '0.1.0', system_name: 'Acme AI' } });
    expect(await screen.findByText('log list')).toBeTruthy();
    expect(screen.getByTestId('brand').textContent).toBe('Acme AI');
    expect(screen.getByTestId('footer').textContent).toContain('v0.1.0');
    expect(screen.getByTestId('sidebar-log')).toBeTruthy();
    expect(document.querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });

  it('starts with the sidebar collapsed when the status says so', async () => {
    renderApp(routes, { path: '/log', user: admin, status: { default_collapse_sidebar: true } });
    await screen.findByText('log list');
    expect(document.querySelector('.ant-layout-sider-collapsed')).not.toBeNull();
  });

  it('shows the custom footer instead of the credits', async () => {
    renderApp(routes, { path: '/log', user: admin, status: { footer_html: '<b>Run by Acme</b>', version: '0.1.0' } });
    await screen.findByText('log list');
    expect(screen.getByTestId('footer').textContent).toBe('Run by Acme');
  });

  it('uses the default logo until the administrator sets one', async () => {
    renderApp(routes, { path: '/log', user: admin });
    await screen.findByText('log list');
    expect(screen.getByTestId('brand').querySelector('img')?.getAttribute('src')).toBe('/logo.png');
  });

  it('links the documentation in the top bar only when docs_link is set', async () => {
    const first = renderApp(routes, { path: '/log', user: admin });
    await screen.findByText('log list');
    expect(screen.queryByTestId('top-nav-docs')).toBeNull();
    first.unmount();
    renderApp(routes, { path: '/log', user: admin, status: { docs_link: 'https://docs.example.com' } });
    const link = await screen.findByTestId('top-nav-docs');
    expect([link.textContent, link.getAttribute('href'), link.getAttribute('target')]).toEqual([
      '文档',
      'https://docs.example.com',
      '_blank',
    ]);
  });
});
