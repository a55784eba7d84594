import { describe, expect, it } from 'vitest';
import { firstTokenLevel, logFilterSchema, parseLogOther, useTimeLevel } from './log';

describe('log rules', () => {
  it('colours use time under 101 s green, under 300 s orange, else red', () => {
    expect([0, 100, 101, 299, 300].map(useTimeLevel)).toEqual(['green', 'green', 'orange', 'orange', 'red']);
  });

  it('colours first-token time under 3 s green, under 10 s orange, else red', () => {
    expect([2999, 3000, 9999, 10_000].map(firstTokenLevel)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('reads filters from a query string, refusing an unknown type', () => {
    expect(logFilterSchema.parse({ type: '2', channel: '5', model_name: ' gpt-4o ' })).toMatchObject({
      type: 2,
      channel: 5,
      model_name: 'gpt-4o',
      username: '',
    });
    expect(logFilterSchema.safeParse({ type: '5' }).success).toBe(false);
  });

  it('reads other leniently: unknown keys kept, anything but a JSON object as empty', () => {
    expect(parseLogOther('{"frt":12,"cache_tokens":3}')).toEqual({ frt: 12, cache_tokens: 3 });
    expect(parseLogOther('not json')).toEqual({});
    expect(parseLogOther('{"frt":"slow"}')).toEqual({});
  });
});
