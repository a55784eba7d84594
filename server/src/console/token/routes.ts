import { plainList, tokenCreateRequestSchema, tokenUpdateRequestSchema } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { zeroBasedPageQuery, zeroBasedPageQuerySchema, zeroBasedPagingOf as paging, type PageRequest } from '../paging';
import { storedKeyOf } from './token-key';
import { listedToken } from './token-mask';
import { TokenService } from './token-service';
import type { TokenOwner } from './token-fields';

/** `p` counts from 0 and the page size is `size`, as in the reference of the spec's era (`page_size` also answers). */
const listQuerySchema = zeroBasedPageQuerySchema;
const searchQuerySchema = z.object({
  ...zeroBasedPageQuery,
  keyword: z.string().default(''),
  token: z.string().default(''),
});
/** A search without a page size answers every match, as the reference's does (its scripts read one plain list); bounded all the same. */
const UNPAGED_SEARCH_LIMIT = 1000;
const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const updateQuerySchema = z.object({ status_only: z.string().optional() });

/** Spec 001 §7 token calls; every one acts on the caller's own tokens only. */
export function registerTokenRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const tokens = new TokenService(context);
  const ownerOf = (request: Parameters<typeof currentUser>[0]): TokenOwner => {
    const user = currentUser(request);
    return { id: user.id, group: user.group };
  };
  const guarded = { preValidation: guards.user };
  const listed = (page: Awaited<ReturnType<TokenService['list']>>) => ({
    ...page,
    items: page.items.map((view) => listedToken(context, view)),
  });

  // The spec writes these paths with a trailing slash; both spellings answer.
  for (const path of ['/token/', '/token']) {
    app.get(path, { ...guarded, schema: { querystring: listQuerySchema } }, async (request) => {
      return plainList(listed(await tokens.list(ownerOf(request), {}, paging(request.query))));
    });

    app.post(path, { ...guarded, schema: { body: tokenCreateRequestSchema } }, async (request) =>
      ok(await tokens.create(ownerOf(request), request.body)),
    );

    app.put(
      path,
      { ...guarded, schema: { body: tokenUpdateRequestSchema, querystring: updateQuerySchema } },
      async (request) => {
        const owner = ownerOf(request);
        if (request.query.status_only === 'true')
          return ok(listedToken(context, await tokens.setStatus(owner, request.body.id, request.body.status)));
        return ok(listedToken(context, await tokens.update(owner, request.body)));
      },
    );
  }

  app.get('/token/search', { ...guarded, schema: { querystring: searchQuerySchema } }, async (request) => {
    const unpaged = request.query.size === undefined && request.query.page_size === undefined;
    const everything: PageRequest = { page: 0, size: UNPAGED_SEARCH_LIMIT, offset: 0 };
    const filter = { name: request.query.keyword.trim(), key: storedKeyOf(request.query.token) };
    return plainList(listed(await tokens.list(ownerOf(request), filter, unpaged ? everything : paging(request.query))));
  });

  app.get('/token/:id', { ...guarded, schema: { params: idParamsSchema } }, async (request) =>
    ok(listedToken(context, await tokens.get(ownerOf(request), request.params.id))),
  );

  for (const path of ['/token/:id/', '/token/:id']) {
    app.delete(path, { ...guarded, schema: { params: idParamsSchema } }, async (request) => {
      await tokens.remove(ownerOf(request), request.params.id);
      return ok();
    });
  }
}
