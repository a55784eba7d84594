import { expect, it } from 'vitest';
import { toNumber } from '../db/dialect';
import { describeOnEachDatabase } from '../testing/test-server';
import { LogType } from './log-writer';

await describeOnEachDatabase('log writer on %s', (server) => {
  it('writes entries naming different columns in one batch, the missing ones at their defaults', async () => {
    const logs = server.context.logs;
    logs.write({ user_id: 1, created_at: 100, type: LogType.TopUp, content: 'top-up', quota: 500, other: '' });
    logs.write({
      user_id: 1,
      created_at: 101,
      type: LogType.Consumption,
      content: '',
      model_name: 'gpt-4o',
      prompt_tokens: 3,
      completion_tokens: 4,
      channel_id: 2,
      other: '{}',
    });
    await logs.flush();
    const rows = await server.context.database.db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(
      rows.map((row) => [
        row.content,
        toNumber(row.quota),
        toNumber(row.prompt_tokens),
        row.model_name,
        toNumber(row.channel_id),
      ]),
    ).toEqual([
      ['top-up', 500, 0, '', 0],
      ['', 0, 3, 'gpt-4o', 2],
    ]);
  });
});
