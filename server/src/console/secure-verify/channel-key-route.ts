import { LogType } from '../../ledger/log-writer';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { ChannelService } from '../channel/channel-service';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { requireProof } from './proof';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * `POST /api/channel/:id/key` (reference §4): the stored key, raw (a multi-key channel's keys one per
 * line), for the super administrator with a 2FA or passkey proof of the last five minutes. Each
 * reading is written to the system log.
 */
export function registerChannelKeyRoute(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const channels = new ChannelService(context);
  const proof = requireProof(context, 'channel.key.read', () => ['2fa', 'passkey']);
  app.post(
    '/channel/:id/key',
    {
      onRequest: criticalRateLimit(context),
      preValidation: guards.root,
      preHandler: proof,
      schema: { params: idParams },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const key = await channels.key(request.params.id);
      const user = currentUser(request);
      context.logs.write({
        user_id: user.id,
        username: user.username,
        created_at: nowSeconds(),
        type: LogType.System,
        content: `channel.key_view: channel #${request.params.id}`,
        other: '{}',
      });
      return ok({ key });
    },
  );
}
