const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
const GEMINI_DEFAULT_API_VERSION = 'v1beta';

export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'embedContent' | 'batchEmbedContents';

/**
 * The address of a call on a Gemini channel: its base URL (Google's by default), the API version from
 * the channel's `other` (v1beta by default), the model and the action; streams ask for SSE.
 */
export function geminiUrl(baseUrl: string, apiVersion: string, model: string, action: GeminiAction): string {
  const version = apiVersion.trim() || GEMINI_DEFAULT_API_VERSION;
  const query = action === 'streamGenerateContent' ? '?alt=sse' : '';
  return `${baseUrl || GEMINI_BASE_URL}/${version}/models/${encodeURIComponent(model)}:${action}${query}`;
}
