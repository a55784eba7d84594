import { describe, expect, it } from 'vitest';
import { WriteBehind } from './write-behind';

describe('write-behind admission', () => {
  it('lets calls straight through while the writers keep up', () => {
    const writeBehind = new WriteBehind(5000);
    writeBehind.watch({ oldestQueuedAt: () => Date.now() - 800 });
    writeBehind.watch({ oldestQueuedAt: () => undefined });
    expect(writeBehind.admission()).toBeUndefined();
    writeBehind.sample();
    expect(writeBehind.worstLagMs).toBeGreaterThanOrEqual(800);
  });

  it('holds new calls while the oldest unwritten row is older than the limit, and releases them once it is written', async () => {
    const writeBehind = new WriteBehind(5000);
    let oldest: number | undefined = Date.now() - 9000;
    writeBehind.watch({ oldestQueuedAt: () => oldest });
    let admitted = false;
    const gate = writeBehind.admission();
    expect(gate).toBeInstanceOf(Promise);
    void gate?.then(() => {
      admitted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(admitted).toBe(false);
    oldest = undefined;
    await expect.poll(() => admitted, { timeout: 1000 }).toBe(true);
    expect(writeBehind.lagMs()).toBe(0);
  });
});
