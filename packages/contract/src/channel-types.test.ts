import { describe, expect, it } from 'vitest';
import { responseTimeLevel, splitCommaList } from './channel';
import {
  channelTypeById,
  channelTypeName,
  channelTypes,
  defaultModelsByType,
  midjourneyModels,
  sunoModels,
} from './channel-types';

/** Reference notes §2.10, and the types spec 001 gives special fields. */
const referenceIds = [
  1, 2, 3, 4, 5, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35, 36, 37, 38,
  39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
];

describe('channel-type catalogue', () => {
  it('knows every type id once, each with a name', () => {
    const ids = channelTypes.map((type) => type.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of referenceIds) expect(channelTypeById(id)?.name, `type ${id}`).toBeTruthy();
    expect(channelTypeName(999)).toBe('Unknown (999)');
  });

  it('gives types 2 and 5 the drawing models and type 36 the music models', () => {
    const byType = defaultModelsByType();
    expect(byType['2']).toEqual(midjourneyModels);
    expect(byType['5']).toEqual(midjourneyModels);
    expect(byType['36']).toEqual(['suno_music', 'suno_lyrics']);
    expect(sunoModels).toEqual(['suno_music', 'suno_lyrics']);
    expect(midjourneyModels.every((model) => model.startsWith('mj_') || model === 'swap_face')).toBe(true);
  });

  it('has the default base URLs the reference product uses', () => {
    expect(channelTypeById(1)?.baseUrl).toBe('https://api.openai.com');
    expect(channelTypeById(14)?.baseUrl).toBe('https://api.anthropic.com');
    expect(channelTypeById(4)?.baseUrl).toBe('http://localhost:11434');
    expect(channelTypeById(3)?.baseUrl).toBe('');
    expect(channelTypeById(8)?.baseUrl).toBe('');
  });
});

describe('channel helpers', () => {
  it('bands response times at 1, 3 and 5 seconds', () => {
    expect([0, 1, 1000, 1001, 3000, 3001, 5000, 5001].map(responseTimeLevel)).toEqual([
      'untested',
      'fast',
      'fast',
      'good',
      'good',
      'slow',
      'slow',
      'bad',
    ]);
  });

  it('splits comma lists without blanks or repeats', () => {
    expect(splitCommaList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(null)).toEqual([]);
  });
});
