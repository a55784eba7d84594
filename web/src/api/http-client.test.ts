import { USER_ID_HEADER } from '@switchboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../components/feedback';
import { changeLanguage } from '../i18n';
import { mockFetch, ok } from '../testing/fetch-mock';
import { ApiError } from './api-error';
import { api, apiRequest, setUnauthorizedHandler } from './http-client';
import { getStoredUser, setStoredUser } from './session';

const storeUser = (id: number) =>
  setStoredUser({ id, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'default' });

describe('http client', () => {
  beforeEach(async () => {
    await changeLanguage('zh');
    // Record toasts instead of rendering them: antd's static toasts outlive the test DOM.
    vi.spyOn(toast, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it('sends the stored user id, no-store and the UI language', async () => {
    storeUser(42);
    const requests = mockFetch(() => ok({ value: 1 }));
    await expect(api.get('/api/user/self')).resolves.toEqual({ value: 1 });
    const headers = requests[0]?.headers;
    expect(headers?.get(USER_ID_HEADER)).toBe('42');
    expect(headers?.get('Cache-Control')).toBe('no-store');
    expect(headers?.get('Accept-Language')).toBe('zh');
  });

  it('sends -1 without a stored user, and the switched language', async () => {
    await changeLanguage('en');
    const requests = mockFetch(() => ok());
    await api.get('/api/status');
    expect(requests[0]?.headers.get(USER_ID_HEADER)).toBe('-1');
    expect(requests[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('posts JSON and builds query strings', async () => {
    const requests = mockFetch(() => ok());
    await api.post('/api/user/login', { username: 'root', password: 'x' });
    await api.get('/api/user/search', { query: { keyword: '', p: 2, group: undefined } });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ username: 'root', password: 'x' });
    expect(requests[1]?.url).toBe('/api/user/search?keyword=&p=2');
  });

  it('on 401 clears the stored user and goes to /login?expired=true', async () => {
    storeUser(7);
    const leave = vi.fn();
    setUnauthorizedHandler(leave);
    const error = vi.mocked(toast.error);
    mockFetch(() => ({ status: 401, body: { success: false, message: 'unauthorised' } }));
    await expect(api.get('/api/user/self')).rejects.toMatchObject({ status: 401, kind: 'http' });
    await vi.waitFor(() => expect(getStoredUser()).toBeNull());
    expect(leave).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it('a quiet 401 forgets the user without leaving the page', async () => {
    storeUser(7);
    const leave = vi.fn();
    setUnauthorizedHandler(leave);
    mockFetch(() => ({ status: 401, body: {} }));
    await expect(api.get('/api/user/logout', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(getStoredUser()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the server message of success:false as an error toast', async () => {
    const error = vi.mocked(toast.error);
    mockFetch(() => ({ body: { success: false, message: '用户名或密码错误，或用户已被封禁' } }));
    await expect(api.post('/api/user/login', {})).rejects.toMatchObject({ kind: 'business' });
    expect(error).toHaveBeenCalledWith('用户名或密码错误，或用户已被封禁');
  });

  it.each([
    [429, '请求次数过多，请稍后再试'],
    [500, '服务器内部错误，请联系管理员'],
    [405, '本站仅作演示之用，无服务端'],
    [404, '错误：no such route'],
  ])('maps HTTP %i to "%s"', async (status, text) => {
    const error = vi.mocked(toast.error);
    mockFetch(() => ({ status, body: { success: false, message: 'no such route' } }));
    await expect(api.get('/api/anything')).rejects.toMatchObject({ status, message: text });
    expect(error).toHaveBeenCalledWith(text);
  });

  it('names the status when a failed reply has no message', async () => {
    mockFetch(() => ({ status: 502, body: 'Bad Gateway' }));
    await expect(api.get('/api/anything', { quiet: true })).rejects.toMatchObject({ message: '错误：HTTP 502' });
  });

  it('reports an unreachable server and keeps quiet calls quiet', async () => {
    const error = vi.mocked(toast.error);
    mockFetch(() => new TypeError('Failed to fetch'));
    await expect(api.get('/api/status', { quiet: true })).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(error).not.toHaveBeenCalled();
    await expect(api.get('/api/status')).rejects.toMatchObject({ message: '无法连接到服务器' });
    expect(error).toHaveBeenCalledWith('无法连接到服务器');
  });

  it('tells the person not to resubmit a create whose outcome is unknown', async () => {
    const error = vi.mocked(toast.error);
    mockFetch(() => new TypeError('Failed to fetch'));
    await expect(api.post('/api/channel/', { name: 'x' })).rejects.toMatchObject({
      kind: 'network',
      message: '提交失败，请勿重复提交',
    });
    expect(error).toHaveBeenCalledWith('提交失败，请勿重复提交');
    mockFetch(() => ({ status: 504, body: 'Gateway Timeout' }));
    await expect(api.post('/api/token/', { name: 'x' }, { quiet: true })).rejects.toMatchObject({
      message: '提交失败，请勿重复提交',
    });
    // A read that fails says what happened; it is safe to try again.
    await expect(api.get('/api/token/', { quiet: true })).rejects.toMatchObject({ message: '错误：HTTP 504' });
  });

  it('returns the whole envelope when the message matters', async () => {
    mockFetch(() => ({ body: { success: true, message: 'bind', data: null } }));
    await expect(apiRequest('GET', '/api/oauth/github')).resolves.toEqual({
      success: true,
      message: 'bind',
      data: null,
    });
  });
});
