import { describe, expect, it } from 'vitest';
import { chatLinksOf, fillChatLink, isWebLink, serverAddressOf } from './chat-links';

const key = 'a'.repeat(48);
const noLinks = { chats: [], chat_link: '', chat_link2: '' };

describe('chat link configuration', () => {
  it('lists chats in order, then the older chat_link and chat_link2', () => {
    const config = chatLinksOf({
      chats: [
        { 'Next Chat': 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' },
        { Lobe: 'https://lobe.example/?k={key}' },
      ],
      chat_link: 'https://next.example/',
      chat_link2: 'https://mj.example/?key={key}',
    });
    expect(config).toEqual({
      state: 'ready',
      links: [
        { name: 'Next Chat', template: 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' },
        { name: 'Lobe', template: 'https://lobe.example/?k={key}' },
        { name: 'ChatGPT Next Web', template: 'https://next.example/#/?settings={"key":"{key}","url":"{address}"}' },
        { name: 'ChatGPT Web Midjourney Proxy', template: 'https://mj.example/?key={key}' },
      ],
    });
  });

  it('says when nothing is configured', () => {
    expect(chatLinksOf(noLinks)).toEqual({ state: 'none' });
    expect(chatLinksOf({ ...noLinks, chats: '' })).toEqual({ state: 'none' });
    expect(chatLinksOf({ ...noLinks, chats: null })).toEqual({ state: 'none' });
  });

  it.each([
    ['not a list', { a: 'https://x' }],
    ['broken JSON text', '[{"a":'],
    ['an entry that is no object', ['https://x']],
    ['an empty entry', [{}]],
    ['a URL that is no text', [{ a: 5 }]],
    ['an empty URL', [{ a: ' ' }]],
  ])('calls %s a wrong configuration', (_case, chats) => {
    expect(chatLinksOf({ ...noLinks, chats })).toEqual({ state: 'invalid' });
  });

  it('reads chats given as JSON text', () => {
    expect(chatLinksOf({ ...noLinks, chats: '[{"A":"https://a/{key}"}]' })).toEqual({
      state: 'ready',
      links: [{ name: 'A', template: 'https://a/{key}' }],
    });
  });
});

describe('filling a chat link', () => {
  it('puts in sk- and the key, and the encoded address', () => {
    const url = fillChatLink(
      'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}',
      key,
      'https://api.example.com',
    );
    expect(url).toBe(`https://chat.example/#/?settings={"key":"sk-${key}","url":"https%3A%2F%2Fapi.example.com"}`);
  });

  it('builds the Cherry Studio provider configuration', () => {
    const url = fillChatLink(
      'cherrystudio://providers/api-keys?v=1&data={cherryConfig}',
      key,
      'https://api.example.com',
    );
    const data = decodeURIComponent(url.split('data=')[1] ?? '');
    expect(JSON.parse(atob(data))).toEqual({ id: 'new-api', baseUrl: 'https://api.example.com', apiKey: `sk-${key}` });
  });

  it('uses the server address, else the console origin, without a trailing slash', () => {
    expect(serverAddressOf('https://api.example.com/', 'http://localhost:3000')).toBe('https://api.example.com');
    expect(serverAddressOf('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverAddressOf(undefined, 'http://localhost:3000/')).toBe('http://localhost:3000');
  });

  it('tells web pages from app links', () => {
    expect(isWebLink('https://chat.example')).toBe(true);
    expect(isWebLink('cherrystudio://providers')).toBe(false);
  });
});
