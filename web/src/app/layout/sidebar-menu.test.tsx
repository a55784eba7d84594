import { Role } from '@switchboard/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderApp } from '../../testing/render-app';
import { SidebarMenu } from './sidebar-menu';

const routes = [{ path: '*', element: <SidebarMenu /> }];
const shown = () => screen.queryAllByTestId(/^sidebar-/).map((link) => link.dataset.testid?.replace('sidebar-', ''));

describe('sidebar menu', () => {
  beforeEach(async () => {
    await changeLanguage('zh');
  });

  it('shows admin items to an admin, labelled in the UI language', async () => {
    renderApp(routes, { path: '/token', user: { id: 1, role: Role.Admin } });
    expect(await screen.findByText('渠道')).toBeTruthy();
    expect(shown()).toEqual([
      'playground',
      'chat',
      'token',
      'log',
      'channel',
      'models',
      'redemption',
      'user',
      'subscription',
      'topup',
      'setting',
    ]);
    expect(screen.getAllByTestId(/^menu-group-/).map((heading) => heading.textContent)).toEqual([
      '控制台',
      '管理员',
      '个人中心',
    ]);
  });

  it('hides admin items from a normal user and shows flagged items when on', async () => {
    renderApp(routes, {
      path: '/token',
      user: { id: 2, role: Role.Common },
      status: { enable_drawing: true, enable_task: true, enable_data_export: true },
    });
    await screen.findByText('令牌');
    expect(shown()).toEqual(['playground', 'chat', 'token', 'detail', 'log', 'midjourney', 'task', 'topup', 'setting']);
  });
});
