import {
  allDefaultModels,
  channelBatchTagSchema,
  channelCreateSchema,
  channelIdsSchema,
  channelListQuerySchema,
  channelSearchQuerySchema,
  channelTagSchema,
  channelTagUpdateSchema,
  channelUpdateSchema,
  defaultModelsByType,
  fetchModelsRequestSchema,
  multiKeyManageSchema,
  plainList,
} from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { ChannelTester } from '../../domain/channel-health';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { fill, languageOf } from '../../platform/text';
import { ChannelService, COPY_SUFFIX } from './channel-service';
import { ChannelTagService } from './tag-service';
import { ChannelTestService } from './test-service';
import { ChannelUpstreamService } from './upstream-service';
import { MultiKeyManager } from './multi-key-manage';
import { messages } from '../../platform/i18n/catalogue';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const copyQuery = z.object({ suffix: z.string().max(64).optional() });
const testQuery = z.object({ model: z.string().max(255).optional() });

/** The paths with and without the trailing slash the spec writes (`/api/channel/`, `/api/channel/{id}/`). */
const withSlash = (path: string): string[] => [path, `${path}/`];

/** Spec 001 §7 Channels, `GET /api/group/` and `GET /api/models`; admin only, except reading a key (super admin). */
export function registerChannelRoutes(
  app: ConsoleApp,
  context: AppContext,
  guards: Guards,
  testChannel: ChannelTester,
): void {
  const channels = new ChannelService(context);
  const tags = new ChannelTagService(context);
  const upstream = new ChannelUpstreamService(context, channels);
  const tests = new ChannelTestService(context, channels, testChannel);
  const admin = { preValidation: guards.admin };
  const multiKeys = new MultiKeyManager(context, channels);

  app.get('/models', admin, async () => ok(defaultModelsByType()));

  // The group names the channel editor and the searches offer: the groups that have a ratio.
  for (const path of withSlash('/group')) {
    app.get(path, admin, async () => ok(Object.keys(context.options.json<Record<string, number>>('GroupRatio') ?? {})));
  }

  for (const path of withSlash('/channel')) {
    app.get(path, { ...admin, schema: { querystring: channelListQuerySchema } }, async (request) =>
      plainList(await channels.list(request.query)),
    );
    app.post(path, { ...admin, schema: { body: channelCreateSchema } }, async (request) =>
      ok({ ids: await channels.create(request.body) }),
    );
    app.put(path, { ...admin, schema: { body: channelUpdateSchema } }, async (request) =>
      ok(await channels.update(request.body, currentUser(request).role)),
    );
  }

  app.post('/channel/multi_key/manage', { ...admin, schema: { body: multiKeyManageSchema } }, async (request) => {
    const outcome = await multiKeys.manage(request.body);
    return ok(outcome.data, outcome.message[languageOf(request.headers['accept-language'])]);
  });

  app.get('/channel/search', { ...admin, schema: { querystring: channelSearchQuerySchema } }, async (request) =>
    plainList(await channels.search(request.query)),
  );

  app.get('/channel/models', admin, async () => {
    const models = new Set([...allDefaultModels(), ...(await channels.repository.models(false))]);
    return ok([...models].sort().map((id) => ({ id })));
  });

  app.get('/channel/models_enabled', admin, async () => ok(await channels.repository.models(true)));

  app.get('/channel/:id', { ...admin, schema: { params: idParams } }, async (request) =>
    ok(await channels.view(request.params.id)),
  );

  for (const path of withSlash('/channel/:id')) {
    app.delete(path, { ...admin, schema: { params: idParams } }, async (request) => {
      await channels.remove(request.params.id);
      return ok();
    });
  }

  app.delete('/channel/disabled', admin, async () => ok(await channels.removeDisabled()));

  app.post('/channel/batch', { ...admin, schema: { body: channelIdsSchema } }, async (request) =>
    ok(await channels.removeMany(request.body.ids)),
  );

  app.post('/channel/batch/tag', { ...admin, schema: { body: channelBatchTagSchema } }, async (request) =>
    ok(await tags.setOnChannels(request.body)),
  );

  app.post('/channel/fix', admin, async () => ok(await channels.repair()));

  app.post('/channel/copy/:id', { ...admin, schema: { params: idParams, querystring: copyQuery } }, async (request) =>
    ok({ id: await channels.copy(request.params.id, request.query.suffix ?? COPY_SUFFIX) }),
  );

  app.put('/channel/tag', { ...admin, schema: { body: channelTagUpdateSchema } }, async (request) =>
    ok(await tags.edit(request.body)),
  );

  app.post('/channel/tag/enabled', { ...admin, schema: { body: channelTagSchema } }, async (request) =>
    ok(await tags.setStatus(request.body.tag, true)),
  );

  app.post('/channel/tag/disabled', { ...admin, schema: { body: channelTagSchema } }, async (request) =>
    ok(await tags.setStatus(request.body.tag, false)),
  );

  app.get('/channel/fetch_models/:id', { ...admin, schema: { params: idParams } }, async (request) =>
    ok(await upstream.modelsOfChannel(request.params.id)),
  );

  app.post('/channel/fetch_models', { ...admin, schema: { body: fetchModelsRequestSchema } }, async (request) =>
    ok(await upstream.models(request.body)),
  );

  for (const path of withSlash('/channel/update_balance/:id')) {
    app.get(path, { ...admin, schema: { params: idParams } }, async (request) =>
      ok(await upstream.updateBalance(request.params.id)),
    );
  }

  app.get('/channel/update_balance', admin, async () => ok(await upstream.updateAllBalances()));

  // Spec 001 §7: "success, message, time in seconds"; `time` also sits at the top level, as reference clients read it.
  app.get('/channel/test/:id', { ...admin, schema: { params: idParams, querystring: testQuery } }, async (request) => {
    const outcome = await tests.testOne(request.params.id, request.query.model);
    const language = languageOf(request.headers['accept-language']);
    const details = { model: outcome.model, seconds: outcome.seconds, detail: outcome.message };
    const text = outcome.success
      ? fill(messages.channel.testPassed, details)
      : fill(messages.channel.testFailed, details);
    return {
      success: outcome.success,
      message: text[language],
      time: outcome.seconds,
      data: { time: outcome.seconds, model: outcome.model },
    };
  });

  app.get('/channel/test', admin, async (request) => {
    tests.startAll().catch((error: unknown) => request.log.error({ err: error }, 'testing all channels failed'));
    return ok(undefined, messages.channel.testAllStarted[languageOf(request.headers['accept-language'])]);
  });
}
