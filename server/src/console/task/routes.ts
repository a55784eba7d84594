import { midjourneyFilterShape, plainList, taskFilterShape } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { zeroBasedPageQuery, zeroBasedPagingOf as pagingOf } from '../paging';
import type { TaskScope } from './repository';
import { TaskListService, type TaskListRequest } from './task-service';
import { languageOf } from '../../platform/text';

const midjourneyQuerySchema = z.object({ ...zeroBasedPageQuery, ...midjourneyFilterShape });
const taskQuerySchema = z.object({ ...zeroBasedPageQuery, ...taskFilterShape });
const everyone: TaskScope = { everyone: true };

/**
 * Spec 001 §7 `GET /api/mj/`, `/api/mj/self/`, `/api/task/` and `/api/task/self`; each answers with and
 * without the trailing slash. As the reference of the spec's era: `p` counts from 0, `data` is the plain
 * list (page and total beside it), and a filter that cannot be read is left out.
 */
export function registerTaskRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const lists = new TaskListService(context);
  const own = (request: FastifyRequest): TaskScope => ({ userId: currentUser(request).id });

  const audiences = [
    { suffix: '', guard: guards.admin, scope: (): TaskScope => everyone },
    { suffix: '/self', guard: guards.user, scope: own },
  ];
  for (const { suffix, guard, scope } of audiences) {
    for (const path of [`/mj${suffix}/`, `/mj${suffix}`]) {
      app.get(path, { preValidation: guard, schema: { querystring: midjourneyQuerySchema } }, async (request) =>
        plainList(await lists.midjourneys(request.query, listRequest(request, scope))),
      );
    }
    for (const path of [`/task${suffix}/`, `/task${suffix}`]) {
      app.get(path, { preValidation: guard, schema: { querystring: taskQuerySchema } }, async (request) =>
        plainList(await lists.tasks(request.query, listRequest(request, scope))),
      );
    }
  }
}

/** Whose list a request asks for, which page, and the language its answer speaks. */
function listRequest(
  request: FastifyRequest & { query: Parameters<typeof pagingOf>[0] },
  scope: (request: FastifyRequest) => TaskScope,
): TaskListRequest {
  return {
    scope: scope(request),
    paging: pagingOf(request.query),
    language: languageOf(request.headers['accept-language']),
  };
}
