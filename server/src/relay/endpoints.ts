/** What kind of call an endpoint is: decides usage extraction and streaming rules. */
export type EndpointKind =
  | 'chat'
  | 'completions'
  | 'responses'
  | 'embeddings'
  | 'images'
  | 'speech'
  | 'transcription'
  | 'moderations'
  | 'rerank'
  | 'messages';

export interface Endpoint {
  /** the client's path, also the upstream path on OpenAI-compatible channels */
  path: string;
  kind: EndpointKind;
  multipart: boolean;
  /** model used when the body names none */
  defaultModel?: string;
  /** whether the upstream honours `stream_options.include_usage` */
  streamOptions: boolean;
}

const endpoint = (path: string, kind: EndpointKind, extra: Partial<Endpoint> = {}): Endpoint => ({
  path,
  kind,
  multipart: false,
  streamOptions: false,
  ...extra,
});

/** Every OpenAI-style endpoint the gateway relays. */
export const relayEndpoints: Endpoint[] = [
  endpoint('/v1/chat/completions', 'chat', { streamOptions: true }),
  endpoint('/v1/completions', 'completions', { streamOptions: true }),
  endpoint('/v1/responses', 'responses'),
  endpoint('/v1/embeddings', 'embeddings'),
  endpoint('/v1/images/generations', 'images', { defaultModel: 'dall-e-2' }),
  endpoint('/v1/images/edits', 'images', { multipart: true, defaultModel: 'dall-e-2' }),
  endpoint('/v1/audio/speech', 'speech', { defaultModel: 'tts-1' }),
  endpoint('/v1/audio/transcriptions', 'transcription', { multipart: true, defaultModel: 'whisper-1' }),
  endpoint('/v1/audio/translations', 'transcription', { multipart: true, defaultModel: 'whisper-1' }),
  endpoint('/v1/moderations', 'moderations', { defaultModel: 'text-moderation-stable' }),
  endpoint('/v1/rerank', 'rerank'),
];

/** The OpenAI chat endpoint: what converted requests of other dialects become. */
export const chatEndpoint = relayEndpoints[0] as Endpoint;

/** Anthropic's Messages API (`POST /v1/messages`). */
export const messagesEndpoint = endpoint('/v1/messages', 'messages');

/** OpenAI endpoints the gateway knows and deliberately does not serve (answered with 501). */
export const unsupportedPaths = [
  '/v1/images/variations',
  '/v1/files',
  '/v1/files/*',
  '/v1/fine-tunes',
  '/v1/fine-tunes/*',
  '/v1/fine_tuning/*',
  '/v1/batches',
  '/v1/batches/*',
  '/v1/assistants',
  '/v1/assistants/*',
  '/v1/threads',
  '/v1/threads/*',
  '/v1/vector_stores',
  '/v1/vector_stores/*',
];
