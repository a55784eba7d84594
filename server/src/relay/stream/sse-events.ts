/** One server-sent event: its `event:` name (empty when absent) and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Splits a byte stream of server-sent events into events, incrementally: a chunk may end anywhere,
 * even inside a UTF-8 character. Memory is bounded by one unfinished event.
 */
export class SseEventSplitter {
  private pending = '';
  private readonly decoder = new TextDecoder();

  push(chunk: Buffer): SseEvent[] {
    this.pending += this.decoder.decode(chunk, { stream: true });
    if (this.pending.includes('\r')) this.pending = this.pending.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let start = 0;
    for (let end = this.pending.indexOf('\n\n'); end !== -1; end = this.pending.indexOf('\n\n', start)) {
      const event = parseEvent(this.pending.slice(start, end));
      if (event) events.push(event);
      start = end + 2;
    }
    this.pending = this.pending.slice(start);
    return events;
  }

  /** The last event when the stream ended without a blank line. */
  end(): SseEvent[] {
    const rest = this.pending + this.decoder.decode();
    this.pending = '';
    const event = parseEvent(rest);
    return event ? [event] : [];
  }
}

/** Reads a stream of server-sent events: each push, and the end, hands the events it completes to `read`. */
export abstract class SseEventReader<Out> {
  private readonly splitter = new SseEventSplitter();

  push(chunk: Buffer): Out {
    return this.read(this.splitter.push(chunk));
  }

  end(): Out {
    return this.read(this.splitter.end());
  }

  protected abstract read(events: SseEvent[]): Out;
}

function parseEvent(block: string): SseEvent | null {
  let event = '';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
    else if (line.startsWith('event:')) event = line.slice(6).trim();
  }
  return data.length || event ? { event, data: data.join('\n') } : null;
}
