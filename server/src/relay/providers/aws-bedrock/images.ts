import { CallerFetcher, OutboundFetchError } from '../../../platform/outbound/caller-fetcher';
import { invalidRequest } from '../../relay-error';
import type { UpstreamTarget } from '../provider';

type Block = {
  type?: unknown;
  source?: { type?: unknown; url?: unknown; media_type?: string; data?: string };
  content?: unknown;
};

/** For targets built without the server's guard (channel tests): internal addresses refused. */
let refusingInternal: CallerFetcher | null = null;

const imageErrorCode = (error: OutboundFetchError) =>
  error.failure === 'unreachable' ? 'image_fetch_failed' : `image_${error.failure}`;

/** Every image block with a URL source, including those nested in tool results. */
function urlImages(blocks: unknown, found: Block[]): Block[] {
  if (!Array.isArray(blocks)) return found;
  for (const block of blocks as Block[]) {
    if (block?.type === 'image' && block.source?.type === 'url' && typeof block.source.url === 'string')
      found.push(block);
    else if (block?.type === 'tool_result') urlImages(block.content, found);
  }
  return found;
}

/**
 * Bedrock takes images only inline: URL images of a Claude body are fetched through the outbound
 * guard (its caps per image and per request: count, total bytes, time) and replaced by base64
 * sources (the body is changed in place). Any failure refuses the call with a 400.
 */
export async function inlineImageUrls(target: UpstreamTarget, claude: Record<string, unknown>): Promise<void> {
  const messages = Array.isArray(claude.messages) ? (claude.messages as Array<{ content?: unknown }>) : [];
  const images = messages.flatMap((message) => urlImages(message.content, []));
  if (images.length === 0) return;
  const session = (target.outbound ?? (refusingInternal ??= new CallerFetcher(false))).session();
  try {
    session.admit(images.length);
    await Promise.all(
      images.map(async (block) => {
        const image = await session.fetch(String(block.source?.url), true);
        block.source = {
          type: 'base64',
          media_type: image.mediaType || 'image/jpeg',
          data: image.bytes.toString('base64'),
        };
      }),
    );
  } catch (error) {
    session.cancel();
    if (error instanceof OutboundFetchError) throw invalidRequest(error.text, imageErrorCode(error));
    throw error;
  }
}
