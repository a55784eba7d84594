import type { JobRunOutcome, JobStatusView } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { messages } from '../../platform/i18n/catalogue';

const nameParams = z.object({ name: z.string().min(1).max(64) });

/** Root's view of the background jobs (monitoring settings): their last runs, and "run now". */
export function registerJobRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const root = { preValidation: guards.root };

  app.get('/job/', root, async () => ok<JobStatusView[]>(await context.jobs.status()));

  // Waits for the run to end, so the answer says how it went; a run held elsewhere answers 'busy'.
  app.post('/job/:name/run', { ...root, schema: { params: nameParams } }, async (request) => {
    const outcome = await context.jobs.runNow(request.params.name);
    if (outcome === 'unknown') throw new AppError(fill(messages.job.unknown, { name: request.params.name }));
    return ok<JobRunOutcome>(outcome);
  });
}
