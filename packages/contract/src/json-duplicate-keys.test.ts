import { describe, expect, it } from 'vitest';
import { duplicateJsonKey } from './json-duplicate-keys';
import { jsonValueProblem } from './option-values';

describe('a key given twice in one JSON object', () => {
  it('is found in the raw text, where JSON.parse would keep only the last', () => {
    expect(duplicateJsonKey('{"default": 1, "vip": 2, "default": 3}')).toBe('default');
    expect(duplicateJsonKey('{"a": {"x": 1, "x": 2}}')).toBe('x');
    // Escapes are decoded before comparing: "\u0076ip" is "vip".
    expect(duplicateJsonKey('{"vip": 1, "\\u0076ip": 2}')).toBe('vip');
  });

  it('is not confused by the same key in other objects, by values, or by quotes and commas inside strings', () => {
    expect(duplicateJsonKey('{"default": 1, "vip": 2}')).toBeNull();
    expect(duplicateJsonKey('[{"Lobe": "a"}, {"Lobe": "b"}]')).toBeNull();
    expect(duplicateJsonKey('{"a": {"x": 1}, "b": {"x": 2}}')).toBeNull();
    expect(duplicateJsonKey('{"a": "default", "default": 1}')).toBeNull();
    expect(duplicateJsonKey('{"a": "x, \\"a\\": y", "b": [1, "a"]}')).toBeNull();
  });

  it('makes a map option refuse the text, naming the key', () => {
    expect(jsonValueProblem('{"vip": 1, "vip": 1}', 'number-map')).toEqual({ kind: 'duplicateName', name: 'vip' });
    expect(jsonValueProblem('{"vip": -1}', 'number-map')).toEqual({ kind: 'negativeEntry', name: 'vip' });
    expect(jsonValueProblem('{"vip": "1"}', 'number-map')).toEqual({ kind: 'entryNotNumber', name: 'vip' });
    expect(jsonValueProblem('{"vip": 1.5}', 'number-map')).toBeNull();
  });
});
