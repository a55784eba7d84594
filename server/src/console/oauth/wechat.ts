import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { providerJson, providerRefused } from './provider-http';

const PROVIDER = 'WeChat';
const replySchema = z.object({
  success: z.boolean(),
  message: z.string().default(''),
  data: z.union([z.string(), z.number()]).nullish(),
});

/** Asks the WeChat server which WeChat account the shown code belongs to. */
export async function wechatId(context: AppContext, code: string): Promise<string> {
  const address = context.options.string('WeChatServerAddress').replace(/\/+$/, '');
  const reply = await providerJson(
    PROVIDER,
    `${address}/api/wechat/user?${new URLSearchParams({ code }).toString()}`,
    {
      headers: { authorization: context.options.string('WeChatServerToken') },
    },
    replySchema,
  );
  const id = reply.data === null || reply.data === undefined ? '' : String(reply.data);
  if (!reply.success || id === '') throw providerRefused(PROVIDER, reply.message || 'no account');
  return id;
}
