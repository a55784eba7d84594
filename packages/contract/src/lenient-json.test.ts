import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonObjectOf, parseJsonLeniently } from './lenient-json';

describe('lenient JSON', () => {
  it.each([
    ['{"a":1,"b":[2]}', { a: 1, b: [2] }],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['null', {}],
    ['"text"', {}],
  ])('reads %j as the object %j', (text, object) => {
    expect(jsonObjectOf(text)).toEqual(object);
  });

  it('answers what the schema accepts, and the fallback for text that is not JSON or does not fit', () => {
    const schema = z.object({ n: z.number().optional() });
    expect(parseJsonLeniently(schema, '{"n":3}', {})).toEqual({ n: 3 });
    expect(parseJsonLeniently(schema, '{"n":"three"}', { n: 0 })).toEqual({ n: 0 });
    expect(parseJsonLeniently(schema, '{', { n: 0 })).toEqual({ n: 0 });
  });
});
