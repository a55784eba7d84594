import type { ProviderChannel } from './provider-test-kit';

/**
 * The Gemini channel of a provider test at a fake Google upstream: key `gemini-key`, a chat and an embedding
 * model, and the API version `other` ('' for the default); `values` change any of it.
 */
export const geminiChannel = (
  google: { url: string },
  other: string,
  values: Partial<ProviderChannel> = {},
): ProviderChannel => ({
  type: 24,
  name: 'gemini',
  baseUrl: google.url,
  key: 'gemini-key',
  models: ['gemini-2.5-flash', 'text-embedding-004'],
  other,
  ...values,
});
