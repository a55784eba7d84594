import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import type { Text } from '../../platform/text';
import { AffinityRequestError, ChannelAffinity } from '../../relay/affinity/channel-affinity';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';

const messages = {
  missing: { zh: '请指定 all=true 或 rule_name', en: 'Give all=true or a rule_name' },
  'unknown rule': { zh: '没有这个名称的规则', en: 'No rule has this name' },
  'rule without name': {
    zh: '该规则的缓存键不含规则名（include_rule_name 未开启），无法按规则清除',
    en: "This rule's cache keys leave out its name (include_rule_name is off), so they cannot be cleared by rule",
  },
  usageParams: { zh: 'rule_name 和 key_fp 不能为空', en: 'rule_name and key_fp are required' },
} satisfies Record<string, Text>;

const badRequest = (text: Text) => new AppError(text, { status: 400, code: 'invalid_request' });

const clearQuery = z.object({ all: z.string().optional(), rule_name: z.string().max(200).optional() });
const usageQuery = z.object({ rule_name: z.string().max(200).optional(), using_group: z.string().max(200).optional(), key_fp: z.string().max(64).optional() });

/** Channel-affinity cache statistics and clearing (root), and one key's usage counters (admin); issue 37. */
export function registerAffinityRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const affinity = new ChannelAffinity(context);

  app.get('/option/channel_affinity_cache', { preValidation: guards.root }, async () => ok(await affinity.cacheStats()));

  app.delete('/option/channel_affinity_cache', { preValidation: guards.root, schema: { querystring: clearQuery } }, async (request) => {
    try {
      const deleted = await affinity.clear(request.query.all === 'true', request.query.rule_name?.trim() || undefined);
      return ok({ deleted });
    } catch (error) {
      if (error instanceof AffinityRequestError) throw badRequest(messages[error.reason]);
      throw error;
    }
  });

  app.get('/log/channel_affinity_usage_cache', { preValidation: guards.admin, schema: { querystring: usageQuery } }, async (request) => {
    const ruleName = request.query.rule_name?.trim() ?? '';
    const fingerprint = request.query.key_fp?.trim() ?? '';
    if (!ruleName || !fingerprint) throw badRequest(messages.usageParams);
    return ok(await affinity.usageStats(ruleName, request.query.using_group?.trim() ?? '', fingerprint));
  });
}
