import { modelUpdateApplySchema, modelUpdateDetectSchema } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { languageOf } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { startDetectAll } from './model-update-task';
import { ModelUpdateService } from './model-updates-service';
import { ChannelService } from './channel-service';
import { messages } from '../../platform/i18n/catalogue';

/** Upstream model updates of channels (issue 37; reference §10): detect and apply, per channel and for all. */
export function registerModelUpdateRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const updates = new ModelUpdateService(context, new ChannelService(context));
  const admin = { preValidation: guards.admin };

  app.post(
    '/channel/upstream_updates/detect',
    { ...admin, schema: { body: modelUpdateDetectSchema } },
    async (request) => ok(await updates.detect(request.body.id)),
  );

  app.post('/channel/upstream_updates/apply', { ...admin, schema: { body: modelUpdateApplySchema } }, async (request) =>
    ok(await updates.apply(request.body)),
  );

  app.post('/channel/upstream_updates/apply_all', admin, async () => ok(await updates.applyAll()));

  app.post('/channel/upstream_updates/detect_all', admin, async (request) => {
    const answer = await startDetectAll(context);
    const language = languageOf(request.headers['accept-language']);
    if (!answer.started) {
      return {
        success: false,
        message: messages.modelUpdate.alreadyRunning[language],
        data: { task_id: answer.task_id, status: answer.status, type: answer.type },
      };
    }
    return ok({ task_id: answer.task_id, status: answer.status }, messages.modelUpdate.started[language]);
  });
}
