import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Motion, Session } from './support/browser';
import { useConsoleHarness } from './support/console-harness';
import { chooseLanguage, sidebarLabels, signInAsRoot, signInThroughForm } from './support/console';
import { artifactsFolder } from './support/paths';

describe('console shell in Chromium', () => {
  const harness = useConsoleHarness();
  let session: Session | undefined;

  const open = async (locale?: string, motion?: Motion) => {
    session = await harness.open(locale, { motion });
    return session.page;
  };

  it('root signs in through the form, is warned about the default password and sees the admin items', async () => {
    const page = await open();
    await signInThroughForm(page, 'root', '123456');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('请修改默认密码');
    await page.getByTestId('default-password-acknowledge').click();
    await page.waitForURL('**/token');

    const labels = await sidebarLabels(page);
    expect(labels).toMatchObject({ channel: '渠道', redemption: '兑换码', user: '用户管理', token: '令牌' });
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? 'null') as { role: number } | null,
    );
    expect(stored?.role).toBe(100);
    expect(await page.getByTestId('top-nav').textContent()).toContain('控制台');

    await mkdir(artifactsFolder, { recursive: true });
    await page.screenshot({ path: `${artifactsFolder}/console-zh.png`, fullPage: true });
    expect(session?.errors).toEqual([]);
  });

  it('dialogs zoom in, except for a person whose system asks for reduced motion', async () => {
    // antd marks a dialog for a frame even without motion; the zoom itself runs under `-active`.
    const zooming = () => document.querySelector('.ant-modal')?.className.includes('ant-zoom-appear-active') === true;
    const animated = await open(undefined, 'no-preference');
    await signInThroughForm(animated, 'root', '123456');
    await animated.waitForFunction(zooming, undefined, { polling: 'raf' });
    await animated.context().close();

    const still = await open(undefined, 'reduce');
    const seenZooming = still.waitForFunction(zooming, undefined, { polling: 'raf', timeout: 3000 }).then(
      () => true,
      () => false,
    );
    await signInThroughForm(still, 'root', '123456');
    await still.getByTestId('default-password-acknowledge').waitFor();
    expect(await seenZooming).toBe(false);
    expect(
      await still.evaluate(() => document.querySelector('.ant-modal')?.getAnimations({ subtree: true }).length),
    ).toBe(0);
  });

  it('switching to English relabels the console and survives a reload', async () => {
    const page = await open();
    await signInAsRoot(page);
    await chooseLanguage(page, 'en');
    await page.getByTestId('sidebar-channel').getByText('Channels').waitFor();
    expect(await sidebarLabels(page)).toMatchObject({
      channel: 'Channels',
      redemption: 'Redemption codes',
      user: 'Users',
    });
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await page.getByTestId('sidebar-channel').getByText('Channels').waitFor();
    expect(await page.getByTestId('top-nav').textContent()).toContain('Console');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await mkdir(artifactsFolder, { recursive: true });
    await page.screenshot({ path: `${artifactsFolder}/console-en.png` });
  });

  it('an expired session lands on /login?expired=true with the message', async () => {
    const page = await open();
    await signInAsRoot(page);
    await page.context().clearCookies();
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();

    await page.goto('/log');
    await page.waitForURL('**/login?expired=true');
    expect(await page.getByTestId('login-expired').textContent()).toContain('未登录或登录已过期，请重新登录');
    expect(new URL(page.url()).search).toBe('?expired=true');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('logs out through the user menu', async () => {
    const page = await open();
    await signInAsRoot(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const self = await page.evaluate(
      async () => (await fetch('/api/user/self', { headers: { 'New-Api-User': '1' } })).status,
    );
    expect(self).toBe(401);
  });

  it('sends a visitor to /login and shows the not-found page for unknown paths', async () => {
    const page = await open();
    await page.goto('/channel');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/no/such/page');
    await page.getByText('您访问的页面不存在，请检查地址是否正确').waitFor();
  });

  it('renders a custom footer without running its scripts or handlers', async () => {
    const page = await open();
    await page.route('**/api/status', async (route) => {
      const reply = (await (await route.fetch()).json()) as { data: Record<string, unknown> };
      reply.data.footer_html =
        '<span id="custom-footer">Run by <b>us</b></span><img src="/missing.png" onerror="window.__footerScript = 1">' +
        '<script>window.__footerScript = 2</script><a id="footer-link" href="javascript:window.__footerScript = 3">x</a>';
      await route.fulfill({ json: reply });
    });
    await page.goto('/about');
    await page.locator('#custom-footer').waitFor();
    expect(await page.locator('#custom-footer').textContent()).toBe('Run by us');
    const footer = await page.getByTestId('footer').innerHTML();
    expect(footer).not.toMatch(/onerror|<script|javascript:/);
    await page.locator('#footer-link').click();
    expect(await page.evaluate(() => (window as { __footerScript?: number }).__footerScript)).toBeUndefined();
  });
});
