import { describe, expect, it } from 'vitest';
import { LOG_COLUMNS, type LogEntry } from './log-insert';
import { decodeLogRow, decodeRoll, encodeLogRow, encodeRoll } from './log-record';

const fullRow = (): LogEntry => ({
  user_id: 7,
  created_at: 1_764_000_000,
  type: 2,
  content: 'said "hi"\tthere',
  username: 'ann',
  token_name: 'ci 令牌',
  token_id: 11,
  model_name: 'gpt-4o-mini',
  quota: 123,
  prompt_tokens: 10,
  completion_tokens: 20,
  use_time: 3,
  is_stream: 1,
  channel_id: 5,
  channel_name: 'main',
  group: 'vip',
  ip: '10.0.0.1',
  request_id: '20261125000000123',
  other: JSON.stringify({ model_ratio: 0.075, admin_info: { use_channel: ['5'] }, note: 'tab\there' }),
});

describe('log rows in the settlement journal', () => {
  it('comes back column for column, on one line', () => {
    const row = fullRow();
    const payload = encodeLogRow(row);
    expect(payload).not.toContain('\n');
    expect(decodeLogRow(payload)).toEqual(row);
    expect(Object.keys(decodeLogRow(payload))).toEqual([...LOG_COLUMNS]);
  });

  it('fills the column defaults of a row that leaves columns out', () => {
    const decoded = decodeLogRow(encodeLogRow({ user_id: 1, created_at: 2, type: 4, content: 'refund', other: '{}' }));
    expect(decoded).toMatchObject({
      username: '',
      token_id: 0,
      quota: 0,
      ip: '',
      request_id: '',
      other: '{}',
      content: 'refund',
    });
  });

  it('keeps a row whose other holds a line break on one line', () => {
    const row = { ...fullRow(), other: '{"a":1}\n' };
    const payload = encodeLogRow(row);
    expect(payload).not.toContain('\n');
    expect(decodeLogRow(payload)).toEqual(row);
  });

  it('reads the object records earlier versions wrote', () => {
    const row = fullRow();
    expect(decodeLogRow(JSON.stringify(row))).toEqual(row);
    const roll = { userId: 1, username: 'ann', model: 'm', createdAt: 3600, tokens: 30, quota: 9 };
    expect(decodeRoll(JSON.stringify(roll))).toEqual(roll);
  });

  it('writes rollup entries as arrays and reads them back', () => {
    const roll = { userId: 1, username: 'a"b', model: 'claude-3', createdAt: 7200, tokens: 42, quota: 17 };
    expect(encodeRoll(roll).startsWith('[')).toBe(true);
    expect(decodeRoll(encodeRoll(roll))).toEqual(roll);
  });
});
