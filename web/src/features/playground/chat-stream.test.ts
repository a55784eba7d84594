import { describe, expect, it } from 'vitest';
import { ChatStreamError, readChatStream } from './chat-stream';
import { chunk, streamOf } from '../../testing/playground-stream';

const encoder = new TextEncoder();

async function read(pieces: Array<string | Uint8Array>): Promise<string[]> {
  const deltas: string[] = [];
  await readChatStream(streamOf(pieces), (text) => deltas.push(text));
  return deltas;
}

async function failure(pieces: string[]): Promise<ChatStreamError> {
  const deltas: string[] = [];
  const error = await readChatStream(streamOf(pieces), (text) => deltas.push(text)).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ChatStreamError)) throw new Error(`expected a ChatStreamError, got ${String(error)}`);
  return error;
}

describe('reading a chat stream', () => {
  it('hands over each delta and stops at [DONE]', async () => {
    expect(await read([chunk('Hel'), chunk('lo'), 'data: [DONE]\n\n'])).toEqual(['Hel', 'lo']);
  });

  it('joins lines and events split anywhere across reads', async () => {
    const whole = `${chunk('one')}${chunk(' two')}data: [DONE]\n\n`;
    const pieces = whole.match(/[\s\S]{1,7}/g) ?? [];
    expect(await read(pieces)).toEqual(['one', ' two']);
  });

  it('keeps a character split between two reads whole', async () => {
    const bytes = encoder.encode(chunk('你好'));
    expect(await read([bytes.slice(0, 30), bytes.slice(30), 'data: [DONE]\n\n'])).toEqual(['你好']);
  });

  it('reads CRLF and CR line ends, a CRLF split across reads, comments and other fields', async () => {
    const body = `: keep-alive\r\nevent: message\r\nid: 1\r\ndata: ${JSON.stringify({ choices: [{ delta: { content: 'a' } }] })}\r`;
    expect(
      await read([
        body,
        `\n\r\ndata:${JSON.stringify({ choices: [{ delta: { content: 'b' } }] })}\r\rdata: [DONE]\r\r`,
      ]),
    ).toEqual(['a', 'b']);
  });

  it('ignores chunks without text: the role chunk, the usage chunk, an empty delta', async () => {
    const role = `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`;
    const usage = `data: ${JSON.stringify({ choices: [], usage: { total_tokens: 3 } })}\n\n`;
    expect(await read([role, chunk(''), chunk('x'), usage, 'data: [DONE]'])).toEqual(['x']);
  });

  it('throws the message of an error chunk', async () => {
    const error = await failure([
      chunk('partial'),
      `data: ${JSON.stringify({ error: { message: 'quota exhausted', type: 'x' } })}\n\n`,
    ]);
    expect(error).toMatchObject({ kind: 'upstream', message: 'quota exhausted' });
  });

  it('throws data that is no JSON as it came', async () => {
    expect(await failure(['data: upstream exploded\n\n'])).toMatchObject({
      kind: 'upstream',
      message: 'upstream exploded',
    });
  });

  it('calls a stream that ends before [DONE] interrupted', async () => {
    expect(await failure([chunk('half')])).toMatchObject({ kind: 'interrupted' });
  });
});
