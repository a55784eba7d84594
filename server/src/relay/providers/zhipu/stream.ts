import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import type { CachedChannel } from '../../caches/channel-index';
import { streamIdentity, type ChatStreamIdentity } from '../../formats/chat-chunk';
import type { ChatChunk } from '../../formats/openai-chat-types';
import type { RelayError } from '../../relay-error';
import { textChunk } from '../own-api-adapter';
import type { ChunkTranslator } from '../provider';
import { parseWith } from '../../parse-json';
import { zhipuError } from './errors';
import { usageFromZhipu, zhipuUsage } from './response';

const finishMeta = z.looseObject({ task_id: z.string().optional(), usage: zhipuUsage.optional() });

interface ZhipuEvent {
  event: string;
  id: string;
  data: string[];
  meta: string;
}

const emptyEvent = (): ZhipuEvent => ({ event: '', id: '', data: [], meta: '' });

/**
 * The v3 `sse-invoke` stream as OpenAI chunks. Its events carry plain text in `data:` (not JSON) and
 * the usage in a non-standard `meta:` field of the `finish` event, so they are read line by line here.
 */
export class ZhipuChunkTranslator implements ChunkTranslator {
  usage: Usage | null = null;
  failure: RelayError | null = null;
  private pending = '';
  private current = emptyEvent();
  private readonly decoder = new TextDecoder();
  /** One identity for every chunk of the stream; each event's id fills it in. */
  private readonly stream: ChatStreamIdentity;

  constructor(
    model: string,
    private readonly channel: CachedChannel,
  ) {
    this.stream = streamIdentity('', model);
  }

  push(chunk: Buffer): ChatChunk[] {
    this.pending += this.decoder.decode(chunk, { stream: true });
    const lines = this.pending.split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    return lines.flatMap((line) => this.line(line));
  }

  end(): ChatChunk[] {
    const rest = this.pending + this.decoder.decode();
    this.pending = '';
    return [...(rest ? this.line(rest) : []), ...this.line('')];
  }

  private line(line: string): ChatChunk[] {
    if (line === '') {
      const event = this.current;
      this.current = emptyEvent();
      return this.failure ? [] : this.translate(event);
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1);
    if (field === 'event') this.current.event = value.trim();
    else if (field === 'id') this.current.id = value.trim();
    else if (field === 'data') this.current.data.push(value);
    else if (field === 'meta') this.current.meta += value;
    return [];
  }

  private translate(event: ZhipuEvent): ChatChunk[] {
    const text = event.data.join('\n');
    this.stream.id = event.id;
    if (event.event === 'add') return text ? [textChunk(this.stream, text)] : [];
    if (event.event === 'finish') {
      const meta = parseWith(finishMeta, event.meta);
      this.usage = usageFromZhipu(meta?.usage) ?? this.usage;
      return [textChunk(this.stream, text, 'stop')];
    }
    if (event.event === 'error' || event.event === 'interrupted')
      this.failure = zhipuError(500, text || `Zhipu stream ${event.event}`, this.channel);
    return [];
  }
}
