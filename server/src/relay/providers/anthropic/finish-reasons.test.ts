import { describe, expect, it } from 'vitest';
import { stopReasonOf } from '../../formats/anthropic-messages-response';
import { finishReasonOf } from './response';

describe('finish reasons between Claude and OpenAI', () => {
  it('maps the known reasons both ways', () => {
    expect(finishReasonOf('max_tokens')).toBe('length');
    expect(finishReasonOf('tool_use')).toBe('tool_calls');
    expect(finishReasonOf(null)).toBeNull();
    expect(stopReasonOf('length')).toBe('max_tokens');
    expect(stopReasonOf('content_filter')).toBe('refusal');
  });

  it('answers the default for an unknown reason, also one named like an object prototype key', () => {
    for (const reason of ['constructor', '__proto__', 'toString', 'something_new']) {
      expect(finishReasonOf(reason)).toBe('stop');
      expect(stopReasonOf(reason as never)).toBe('end_turn');
    }
  });
});
