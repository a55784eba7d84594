import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { chunk, streamOf } from '../../testing/playground-stream';
import { DEFAULT_SYSTEM_PROMPT } from './playground-conversation';
import PlaygroundPage from './playground-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/playground', element: <PlaygroundPage /> }];
const user = { id: 7, username: 'alice', role: 1 };

interface Sent {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fetch that answers the playground call with `reply` and the option lists with nothing. */
function serve(reply: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url !== '/pg/chat/completions') return new Response('{"success":false,"message":"no"}', { status: 404 });
      sent.push({
        url,
        headers: new Headers(init.headers),
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      });
      return reply();
    }),
  );
  return sent;
}

const sse = (pieces: string[]) => new Response(streamOf(pieces), { headers: { 'Content-Type': 'text/event-stream' } });

function ask(question: string) {
  fireEvent.change(screen.getByTestId('playground-input'), { target: { value: question } });
  fireEvent.click(screen.getByTestId('playground-send'));
}

const answer = () => screen.getAllByTestId('playground-message-assistant').at(-1);

describe('playground', () => {
  eachTestIn('en');

  it('streams the answer and sends the settings of spec 001 with the user header', async () => {
    const sent = serve(() => sse([chunk('Hello'), chunk(' there'), 'data: [DONE]\n\n']));
    renderApp(routes, { path: '/playground', user: { ...user } });
    ask('Hi');
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
    expect(answer()?.textContent).toContain('Hello there');
    expect(sent[0]?.headers.get('New-Api-User')).toBe('7');
    expect(sent[0]?.body).toEqual({
      messages: [
        { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      model: 'gpt-4o-mini',
      group: 'default',
      temperature: 0.7,
    });
  });

  it('offers every usable model when opened, and narrows the list only to what the user types', async () => {
    const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'claude-3-haiku', 'gemini-2.0-flash'];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/user/models')
          ? new Response(JSON.stringify({ success: true, message: '', data: models }))
          : new Response('{"success":false,"message":"no"}', { status: 404 }),
      ),
    );
    renderApp(routes, { path: '/playground', user: { ...user } });
    const input =
      screen.getByTestId('playground-model').querySelector('input') ?? screen.getByTestId('playground-model');
    const shown = () =>
      [...document.querySelectorAll('.ant-select-item-option .model-option-name')].map((option) => option.textContent);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    // The prefilled gpt-4o-mini used to filter the list down to itself.
    await vi.waitFor(() => expect(shown()).toEqual(models));
    fireEvent.change(input, { target: { value: 'claude' } });
    await vi.waitFor(() => expect(shown()).toEqual(['claude-3-5-sonnet', 'claude-3-haiku']));
  });

  it('shows loading, then incomplete while the stream runs', async () => {
    let push: (text: string) => void = () => undefined;
    let close: () => void = () => undefined;
    serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
              close = () => controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    renderApp(routes, { path: '/playground', user });
    ask('Hi');
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('loading'));
    push(chunk('partial'));
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('incomplete'));
    push('data: [DONE]\n\n');
    close();
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
  });

  it('writes a stream error into the answer and marks it', async () => {
    serve(() => sse([chunk('Half'), `data: ${JSON.stringify({ error: { message: 'upstream failed' } })}\n\n`]));
    renderApp(routes, { path: '/playground', user });
    ask('Hi');
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('error'));
    expect(answer()?.textContent).toContain('Half');
    expect(answer()?.textContent).toContain('upstream failed');
  });

  it('shows an HTTP error of the gateway in the answer', async () => {
    serve(
      () => new Response(JSON.stringify({ error: { message: 'model not available', type: 'x' } }), { status: 503 }),
    );
    renderApp(routes, { path: '/playground', user });
    ask('Hi');
    await vi.waitFor(() => expect(answer()?.textContent).toContain('model not available'));
    expect(answer()?.dataset.status).toBe('error');
  });

  it('sends earlier turns as context until cleared', async () => {
    const sent = serve(() => sse([chunk('ok'), 'data: [DONE]\n\n']));
    renderApp(routes, { path: '/playground', user });
    ask('first');
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
    ask('second');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.messages).toHaveLength(4);
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
    fireEvent.click(screen.getByTestId('playground-clear'));
    expect(screen.queryAllByTestId('playground-message-assistant')).toHaveLength(0);
    ask('third');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body.messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: 'third' },
    ]);
  });

  it('stops an answer that is arriving, keeping what came, and then sends again', async () => {
    let push: (text: string) => void = () => undefined;
    const sent = serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    renderApp(routes, { path: '/playground', user });
    ask('Tell me a long story');
    push(chunk('Once upon'));
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('incomplete'));
    expect(screen.queryByTestId('playground-send')).toBeNull();
    fireEvent.click(screen.getByTestId('playground-stop'));
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
    expect(answer()?.textContent).toContain('Once upon');
    ask('Go on');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: 'Tell me a long story' },
      { role: 'assistant', content: 'Once upon' },
      { role: 'user', content: 'Go on' },
    ]);
  });

  it('asks the last question again in place of its answer', async () => {
    let reply = 'first answer';
    const sent = serve(() => sse([chunk(reply), 'data: [DONE]\n\n']));
    renderApp(routes, { path: '/playground', user });
    ask('Pick a number');
    await vi.waitFor(() => expect(answer()?.dataset.status).toBe('complete'));
    reply = 'second answer';
    fireEvent.click(screen.getByTestId('playground-regenerate'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await vi.waitFor(() => expect(answer()?.textContent).toContain('second answer'));
    expect(screen.getAllByTestId('playground-message-assistant')).toHaveLength(1);
    expect(sent[1]?.body.messages).toEqual(sent[0]?.body.messages);
  });
});
