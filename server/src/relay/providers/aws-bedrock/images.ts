import { request } from 'undici';
import { fill } from '../../../platform/text';
import { RelayError } from '../../relay-error';
import { relayMessages } from '../../relay-messages';

/** Largest image fetched for inlining (Anthropic's own limit per image is 5 MB once decoded). */
const IMAGE_LIMIT = 5 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 15_000;

type Block = { type?: unknown; source?: { type?: unknown; url?: unknown }; content?: unknown };

const imageError = (url: string, detail: string) =>
  new RelayError(fill(relayMessages.imageFetchFailed, { url, detail }), 400, 'image_fetch_failed', 'invalid_request_error');

async function download(url: string): Promise<{ media_type: string; data: string }> {
  let response;
  try {
    response = await request(url, { method: 'GET', headersTimeout: IMAGE_TIMEOUT_MS, bodyTimeout: IMAGE_TIMEOUT_MS });
  } catch (error) {
    throw imageError(url, error instanceof Error ? error.message : String(error));
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw imageError(url, `HTTP ${response.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMAGE_LIMIT) {
      response.body.destroy();
      throw imageError(url, `larger than ${IMAGE_LIMIT} bytes`);
    }
    chunks.push(chunk);
  }
  const mediaType = String(response.headers['content-type'] ?? 'image/jpeg').split(';')[0]?.trim() || 'image/jpeg';
  return { media_type: mediaType, data: Buffer.concat(chunks).toString('base64') };
}

/** Every image block with a URL source, including those nested in tool results. */
function urlImages(blocks: unknown, found: Block[]): Block[] {
  if (!Array.isArray(blocks)) return found;
  for (const block of blocks as Block[]) {
    if (block?.type === 'image' && block.source?.type === 'url' && typeof block.source.url === 'string') found.push(block);
    else if (block?.type === 'tool_result') urlImages(block.content, found);
  }
  return found;
}

/**
 * Bedrock takes images only inline: URL images of a Claude body are fetched and replaced by base64
 * sources (the body is changed in place).
 */
export async function inlineImageUrls(claude: Record<string, unknown>): Promise<void> {
  const messages = Array.isArray(claude.messages) ? (claude.messages as Array<{ content?: unknown }>) : [];
  const images = messages.flatMap((message) => urlImages(message.content, []));
  await Promise.all(
    images.map(async (block) => {
      block.source = { type: 'base64', ...(await download(String(block.source?.url))) };
    }),
  );
}
