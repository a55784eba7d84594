const VERTEX_DEFAULT_REGION = 'us-central1';
/** The Anthropic API version Claude on Vertex requires in the body. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/**
 * The region for a model: the channel's `other` is a region name, or a JSON object of regions by
 * model with an optional "default" (reference notes §2.9); us-central1 when it says nothing.
 */
export function regionFor(other: string, model: string): string {
  const text = other.trim();
  if (!text) return VERTEX_DEFAULT_REGION;
  if (!text.startsWith('{')) return text;
  try {
    const regions = JSON.parse(text) as Record<string, unknown>;
    const region = regions[model] ?? regions.default;
    return typeof region === 'string' && region ? region : VERTEX_DEFAULT_REGION;
  } catch {
    return VERTEX_DEFAULT_REGION;
  }
}

export const isClaudeModel = (model: string) => model.startsWith('claude');

/**
 * Anthropic's model names as Vertex publishes them: the date after an `@`
 * (`claude-sonnet-4-20250514` → `claude-sonnet-4@20250514`); names that already have one stay.
 */
export function vertexClaudeModel(model: string): string {
  if (model.includes('@')) return model;
  if (model === 'claude-3-5-sonnet-20241022') return 'claude-3-5-sonnet-v2@20241022';
  return model.replace(/-(\d{8})$/, '@$1');
}

export type VertexAction = 'generateContent' | 'streamGenerateContent' | 'rawPredict' | 'streamRawPredict' | 'predict';

export interface VertexTarget {
  /** service account's project, or null for an API key (Vertex express mode) */
  projectId: string | null;
  region: string;
  /** channel base URL override (tests, proxies), without a trailing slash */
  baseUrl: string;
}

function hostFor(target: VertexTarget): string {
  if (target.baseUrl) return target.baseUrl;
  if (target.region === 'global') return 'https://aiplatform.googleapis.com';
  return `https://${target.region}-aiplatform.googleapis.com`;
}

/** The address of one Vertex call; streams of Gemini models ask for SSE. */
export function vertexUrl(target: VertexTarget, model: string, action: VertexAction): string {
  const publisher = isClaudeModel(model) ? 'anthropic' : 'google';
  const name = isClaudeModel(model) ? vertexClaudeModel(model) : model;
  const scope = target.projectId
    ? `projects/${encodeURIComponent(target.projectId)}/locations/${encodeURIComponent(target.region)}/`
    : '';
  const query = action === 'streamGenerateContent' ? '?alt=sse' : '';
  return `${hostFor(target)}/v1/${scope}publishers/${publisher}/models/${encodeURIComponent(name).replace(/%40/g, '@')}:${action}${query}`;
}
