import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as clipboard from '../../components/clipboard';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import RedemptionPage from './redemption-page';
import { codesFile } from './redemption-form';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/redemption', element: <RedemptionPage /> }];
const admin = { id: 1, username: 'root', role: 100 };

function code(values: Partial<RedemptionView> = {}): RedemptionView {
  return {
    id: 1,
    user_id: 1,
    key: 'a'.repeat(32),
    status: RedemptionStatus.Unused,
    name: 'first',
    quota: 100_000,
    created_time: 1_900_000_000,
    redeemed_time: 0,
    used_user_id: 0,
    ...values,
  };
}

/** Answers the redemption calls; `sent` collects the requests that change something. */
function redemptionServer(codes: RedemptionView[], sent: RecordedRequest[] = []) {
  return (request: RecordedRequest) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET') sent.push(request);
    if (path === '/api/redemption/' && request.method === 'POST')
      return ok(['k1'.padEnd(32, '1'), 'k2'.padEnd(32, '2')]);
    if (path === '/api/redemption/' || path === '/api/redemption/search')
      return ok({ items: codes, page: 1, page_size: 10, total: codes.length });
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}

async function openDrawer() {
  fireEvent.click(await screen.findByTestId('redemption-add'));
  return screen.findByTestId('redemption-drawer');
}

/** Opens a row's "more" menu and answers the menu (antd renders it beside the page, not in the row). */
async function openRowMenu(row: HTMLElement): Promise<HTMLElement> {
  const before = document.querySelectorAll('.ant-dropdown').length;
  fireEvent.click(within(row).getByTestId('redemption-more'));
  await waitFor(() => expect(document.querySelectorAll('.ant-dropdown').length).toBeGreaterThan(before));
  return [...document.querySelectorAll<HTMLElement>('.ant-dropdown')].at(-1) as HTMLElement;
}

describe('redemption page', () => {
  eachTestIn('en');

  it('shows id, name, status, quota and redeemer; a used code can be neither edited nor toggled', async () => {
    mockFetch(
      redemptionServer([code(), code({ id: 2, name: 'spent', status: RedemptionStatus.Used, used_user_id: 42 })]),
    );
    renderApp(routes, { path: '/redemption', user: admin });
    expect(await screen.findByText('spent')).toBeTruthy();
    expect(screen.getAllByTestId('redemption-status').map((tag) => tag.textContent)).toEqual(['Unused', 'Used']);
    const [unusedRow, usedRow] = screen
      .getAllByTestId('redemption-copy')
      .map((button) => button.closest('tr') as HTMLElement);
    expect(within(unusedRow as HTMLElement).getByText('Nobody')).toBeTruthy();
    expect(within(unusedRow as HTMLElement).getByText('$0.20')).toBeTruthy();
    expect(within(usedRow as HTMLElement).getByText('42')).toBeTruthy();
    // Edit, enable/disable and delete sit in each row's "more" menu.
    const usedMenu = await openRowMenu(usedRow as HTMLElement);
    expect(
      within(usedMenu)
        .getByTestId('redemption-edit')
        .closest('li')
        ?.classList.contains('ant-dropdown-menu-item-disabled'),
    ).toBe(true);
    expect(within(usedMenu).queryByTestId('redemption-toggle')).toBeNull();
    const unusedMenu = await openRowMenu(unusedRow as HTMLElement);
    expect(within(unusedMenu).getByTestId('redemption-toggle').textContent).toBe('Disable');
  });

  it('searches by keyword', async () => {
    const requests = mockFetch(redemptionServer([code()]));
    renderApp(routes, { path: '/redemption', user: admin });
    await screen.findByText('first');
    fireEvent.change(screen.getByTestId('redemption-search-keyword'), { target: { value: ' 12 ' } });
    fireEvent.click(screen.getByTestId('redemption-search'));
    await vi.waitFor(() => expect(requests.at(-1)?.url).toBe('/api/redemption/search?p=1&page_size=10&keyword=12'));
  });

  it('asks for a selection before copying, then copies name and code per line', async () => {
    mockFetch(redemptionServer([code(), code({ id: 2, name: 'second', key: 'b'.repeat(32) })]));
    const warning = vi.spyOn(toast, 'warning');
    const copy = vi.spyOn(clipboard, 'copyText').mockResolvedValue(true);
    renderApp(routes, { path: '/redemption', user: admin });
    await screen.findByText('second');
    fireEvent.click(screen.getByTestId('redemption-copy-selected'));
    expect(warning).toHaveBeenCalledWith('Select at least one code first');
    for (const box of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(screen.getByTestId('redemption-copy-selected'));
    expect(copy).toHaveBeenCalledWith(`first\t${'a'.repeat(32)}\nsecond\t${'b'.repeat(32)}`);
  });

  it.each([
    ['redemption-name', 'x'.repeat(21), 'The name must be 1 to 20 characters long'],
    ['redemption-count', '101', 'At most 100 codes can be created in one batch'],
    ['redemption-count', '0', 'The number of codes must be greater than 0'],
    ['redemption-quota', '-5', 'The quota cannot be negative'],
  ])('refuses %s = %s without sending', async (field, value, message) => {
    const sent: RecordedRequest[] = [];
    mockFetch(redemptionServer([], sent));
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/redemption', user: admin });
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByTestId(field), { target: { value } });
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('redemption-submit'));
    expect(error).toHaveBeenCalledWith(message);
    expect(sent).toEqual([]);
  });

  it('creates codes and offers them as a text file named after the redemption', async () => {
    const sent: RecordedRequest[] = [];
    mockFetch(redemptionServer([], sent));
    renderApp(routes, { path: '/redemption', user: admin });
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByTestId('redemption-count'), { target: { value: '2' } });
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('redemption-submit'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ name: '', quota: 100_000, count: 2 });
    const dialog = await screen.findByText('2 codes created');
    expect(dialog).toBeTruthy();
    expect(screen.getByText('Download the codes as the text file $0.20.txt, one code per line.')).toBeTruthy();
    expect((screen.getByTestId('redemption-created-codes') as HTMLTextAreaElement).value).toBe(
      `${'k1'.padEnd(32, '1')}\n${'k2'.padEnd(32, '2')}`,
    );
  });

  it('names the file after the redemption, one code per line', () => {
    expect(codesFile('Spring promo', ['a', 'b'])).toEqual({ fileName: 'Spring promo.txt', text: 'a\nb' });
  });
});
