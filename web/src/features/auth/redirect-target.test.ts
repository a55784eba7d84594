import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirect target after login', () => {
  it.each([
    [{ from: '/log?type=2' }, '/log?type=2'],
    [null, '/token'],
    [{}, '/token'],
    [{ from: 'https://evil.example' }, '/token'],
    [{ from: '//evil.example/x' }, '/token'],
    [{ from: '/login?expired=true' }, '/token'],
  ])('%j -> %s', (state, expected) => {
    expect(redirectTarget(state)).toBe(expected);
  });
});
