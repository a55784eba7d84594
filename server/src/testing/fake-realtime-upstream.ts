import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, beforeAll } from 'vitest';

/** The usage a fake `response.done` reports (OpenAI's realtime shape). */
export interface RealtimeUsage {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number; cached_tokens: number };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

/** A usage object from its five parts. */
export function realtimeUsage(parts: {
  inputText: number;
  inputAudio: number;
  cached?: number;
  outputText: number;
  outputAudio: number;
}): RealtimeUsage {
  const input = parts.inputText + parts.inputAudio;
  const output = parts.outputText + parts.outputAudio;
  return {
    total_tokens: input + output,
    input_tokens: input,
    output_tokens: output,
    input_token_details: {
      text_tokens: parts.inputText,
      audio_tokens: parts.inputAudio,
      cached_tokens: parts.cached ?? 0,
    },
    output_token_details: { text_tokens: parts.outputText, audio_tokens: parts.outputAudio },
  };
}

/** One session as the fake saw it open. */
export interface RealtimeConnection {
  url: string;
  headers: IncomingHttpHeaders;
  protocols: string[];
  /** the client events it received, parsed */
  events: Array<Record<string, unknown>>;
  socket: WebSocket;
}

/** How the fake answers. */
export interface RealtimeBehaviour {
  /** refuse the handshake with this HTTP status */
  refuseStatus?: number;
  /** the usage of each `response.done`, in order; null: none reported (the gateway estimates) */
  usages?: Array<RealtimeUsage | null>;
  /** base64 audio sent as each audio delta of an audio turn */
  audioDelta?: string;
  /** audio deltas per audio turn */
  audioDeltas?: number;
}

/**
 * A fake OpenAI realtime upstream on 127.0.0.1: answers `session.update`, `conversation.item.create`,
 * `input_audio_buffer.commit` and `response.create` (text deltas, or audio and transcript deltas when
 * the session or the response asks for audio) with a `response.done` carrying the next usage.
 */
export class FakeRealtimeUpstream {
  url = '';
  behaviour: RealtimeBehaviour = {};
  readonly connections: RealtimeConnection[] = [];
  /** handshakes refused under `refuseStatus` */
  refused = 0;
  private server: Server | null = null;
  private readonly sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has('realtime') ? 'realtime' : false),
  });
  private turn = 0;

  async start(): Promise<this> {
    this.server = createServer((_request, response) => response.writeHead(426).end());
    this.server.on('upgrade', (request, socket, head) => {
      const status = this.behaviour.refuseStatus;
      if (status) {
        this.refused += 1;
        const body = JSON.stringify({
          error: { message: 'refused by the fake', type: 'invalid_request_error', code: 'refused' },
        });
        socket.end(
          `HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (client) =>
        this.serve(client, request.url ?? '', request.headers),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Closes every open session from the upstream's side. */
  closeAll(code: number, reason: string): void {
    for (const connection of this.connections)
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.close(code, reason);
  }

  async stop(): Promise<void> {
    for (const connection of this.connections) connection.socket.terminate();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Started before the tests of the calling file or describe block, stopped after them (as `LoopbackFake`'s). */
  forTests(): this {
    beforeAll(() => this.start());
    afterAll(() => this.stop());
    return this;
  }

  private serve(socket: WebSocket, url: string, headers: IncomingHttpHeaders): void {
    const protocols = (headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const connection: RealtimeConnection = { url, headers, protocols, events: [], socket };
    this.connections.push(connection);
    const session: Record<string, unknown> = {
      id: `sess_${this.connections.length}`,
      object: 'realtime.session',
      modalities: ['text', 'audio'],
      input_audio_format: 'pcm16',
      output_audio_format: 'pcm16',
      instructions: '',
    };
    let sequence = 0;
    const send = (event: Record<string, unknown>) =>
      socket.send(JSON.stringify({ type: event.type, event_id: `event_${(sequence += 1)}`, ...event }));
    send({ type: 'session.created', session });
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as Record<string, unknown> & { type: string };
      connection.events.push(event);
      if (event.type === 'session.update') {
        Object.assign(session, event.session);
        send({ type: 'session.updated', session });
      } else if (event.type === 'conversation.item.create') {
        send({ type: 'conversation.item.created', item: event.item });
      } else if (event.type === 'input_audio_buffer.commit') {
        send({ type: 'input_audio_buffer.committed', item_id: `item_${sequence}` });
      } else if (event.type === 'response.create') {
        // The beta API names the output kinds `modalities`, the GA one `output_modalities`.
        const response = event.response as { modalities?: string[]; output_modalities?: string[] } | undefined;
        const asked =
          response?.output_modalities ??
          response?.modalities ??
          (session.output_modalities as string[] | undefined) ??
          (session.modalities as string[]);
        this.respond(send, asked.includes('audio'));
      }
    });
  }

  private respond(send: (event: Record<string, unknown>) => void, audio: boolean): void {
    const id = `resp_${(this.turn += 1)}`;
    send({ type: 'response.created', response: { id, status: 'in_progress' } });
    if (audio) {
      for (let index = 0; index < (this.behaviour.audioDeltas ?? 2); index += 1) {
        send({
          type: 'response.audio.delta',
          response_id: id,
          delta: this.behaviour.audioDelta ?? Buffer.alloc(4800).toString('base64'),
        });
        send({ type: 'response.audio_transcript.delta', response_id: id, delta: 'Hello there ' });
      }
    } else {
      send({ type: 'response.text.delta', response_id: id, delta: 'Hello ' });
      send({ type: 'response.text.delta', response_id: id, delta: 'world' });
    }
    const usages = this.behaviour.usages ?? [];
    const usage =
      usages.length > 0
        ? usages.shift()
        : realtimeUsage({ inputText: 10, inputAudio: 0, outputText: 5, outputAudio: 0 });
    send({ type: 'response.done', response: { id, status: 'completed', output: [], ...(usage ? { usage } : {}) } });
  }
}
