import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { tokenView } from '../../testing/token-fixtures';
import { eachTestIn } from '../../testing/test-setup';
import { fetchTokens } from './token';

describe('the token resource', () => {
  eachTestIn('en');

  it('reads a token page, and refuses rows that do not match the contract as an unreadable reply', async () => {
    mockFetch(() => ok([tokenView()], { page: 0, page_size: 10, total: 1 }));
    expect((await fetchTokens({ page: 1, size: 10 })).items).toEqual([tokenView()]);
    const { key: _key, ...withoutKey } = tokenView();
    mockFetch(() => ok([withoutKey], { page: 0, page_size: 10, total: 1 }));
    await expect(fetchTokens({ page: 1, size: 10 })).rejects.toThrow('The server sent a reply that could not be read');
  });
});
