import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import AboutPage from '../about/about-page';
import HomePage from './home-page';

function serve(texts: Record<string, string>) {
  return mockFetch((request) => ok(texts[request.url] ?? ''));
}

const routes = [
  { path: '/', element: <HomePage /> },
  { path: '/about', element: <AboutPage /> },
];

describe('home and about pages', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  // Markdown rendering and sanitising are checked in Chromium (e2e/settings.test.ts): DOMPurify under
  // happy-dom keeps <script> and drops harmless tags, so a check here would prove nothing.
  it('frames home page content that is an address', async () => {
    serve({ '/api/home_page_content': 'https://landing.example.com/' });
    renderApp(routes, { path: '/' });
    expect((await screen.findByTestId('public-frame')).getAttribute('src')).toBe('https://landing.example.com/');
    expect(screen.queryByTestId('default-home')).toBeNull();
  });

  it('shows the announcement above the home page', async () => {
    serve({ '/api/notice': 'Maintenance tonight' });
    renderApp(routes, { path: '/' });
    expect((await screen.findByTestId('home-notice')).textContent).toContain('Maintenance tonight');
  });

  it('shows a default home with the system name when nothing is set', async () => {
    serve({});
    renderApp(routes, { path: '/', status: { system_name: 'Acme Gateway' } });
    expect(await screen.findByTestId('default-home')).toBeTruthy();
    expect(screen.getByText('Welcome to Acme Gateway')).toBeTruthy();
  });

  it('frames an about address, or says the about page is not set', async () => {
    serve({ '/api/about': 'https://about.example.com' });
    const first = renderApp(routes, { path: '/about' });
    expect((await screen.findByTestId('public-frame')).getAttribute('src')).toBe('https://about.example.com');
    first.unmount();

    serve({});
    renderApp(routes, { path: '/about' });
    expect(await screen.findByTestId('about-unset')).toBeTruthy();
  });
});
