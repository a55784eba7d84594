import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { copyText } from './clipboard';
import { modals, registerFeedback, toast } from './feedback';

describe('copyText', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    registerFeedback(null);
  });

  it('writes to the clipboard and says so', async () => {
    await changeLanguage('en');
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    await expect(copyText('sk-abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('sk-abc');
    expect(success).toHaveBeenCalledWith('Copied to the clipboard');
  });

  it('opens a dialog with the text when the browser refuses', async () => {
    await changeLanguage('zh');
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const info = vi.spyOn(modals(), 'info').mockReturnValue({ destroy: () => {} });
    await expect(copyText('sk-abc')).resolves.toBe(false);
    expect(info).toHaveBeenCalledOnce();
    expect(info.mock.calls[0]?.[0].title).toBe('无法自动复制');
  });
});
