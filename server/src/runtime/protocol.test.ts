import { describe, expectTypeOf, it } from 'vitest';
import type { WindowCounter } from '../platform/window-counter';
import type { Handlers } from './operations/handler';
import { counterOperations } from './operations/counters';
import type { PrimaryLink } from './primary-link';
import type { AdmitReply } from './primary-leases';

// What this file asserts is checked by the compiler (`npm run typecheck`): an `@ts-expect-error` whose
// line compiles fails the check.

describe('the cluster protocol: one table types both ends', () => {
  it('a worker call of the wrong shape does not compile, and its answer has the type the primary gives', () => {
    const calls = async (link: PrimaryLink) => {
      // @ts-expect-error admit also names the lease the worker gave back
      await link.request('admit', 7, null, 50);
      // @ts-expect-error a user id is a number
      link.send('release', '7', null, 50);
      // @ts-expect-error there is no such operation
      link.send('refund', 7, 50);
      // @ts-expect-error reserve answers whether it reserved, not an amount
      const amount: number = await link.request('reserve', 7, null, 50);
      const admitted: AdmitReply = await link.request('admit', 7, null, 50, 0);
      return [amount, admitted];
    };
    expectTypeOf(calls).returns.resolves.toEqualTypeOf<Array<number | AdmitReply>>();
    expectTypeOf<PrimaryLink['request']>().toBeCallableWith('counterAcquire', 'limit:7', 'call-1', 3, 60);
  });

  it('the primary handles every operation, each with the arguments the worker sends', () => {
    const compose = (counters: WindowCounter) => {
      // @ts-expect-error the balance, log and invalidation operations have no handler here
      const incomplete: Handlers = { ...counterOperations(counters) };
      const handlers: Handlers<'counterRead'> = {
        // @ts-expect-error counterRead's key is a string
        counterRead: (_worker, key: number) => counters.read(String(key)),
      };
      return [incomplete, handlers];
    };
    expectTypeOf(compose).toBeFunction();
  });
});
