import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { criticalRateLimit } from '../account/critical-limit';
import { checkEmailRules, emailInUse } from '../account/email-rules';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { completeOrAskSecondStep } from '../auth/second-step';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { UserRepository } from '../user/repository';
import { VerificationService } from '../verification/verification-service';
import { githubAccount } from './github';
import { linuxdoAccount } from './linuxdo';
import { oidcAccount } from './oidc';
import { bindAccount, bindings, sessionUser, signInWithBinding, type Binding } from './oauth-account';
import type { ProviderAccount } from './provider-http';
import { claimState, issueState } from './state';
import { verifyTelegramLogin } from './telegram';
import { wechatId } from './wechat';
import { messages } from '../../platform/i18n/catalogue';

const stateQuerySchema = z.object({ aff: z.string().default('') });
const callbackQuerySchema = z.object({ code: z.string().default(''), state: z.string().default('') });
const codeQuerySchema = z.object({ code: z.string().default('') });
const emailBindQuerySchema = z.object({ email: z.string().default(''), code: z.string().default('') });
const telegramQuerySchema = z.record(z.string(), z.string());

function requireEnabled(
  context: AppContext,
  option: Parameters<AppContext['options']['boolean']>[0],
  binding: Binding,
): void {
  if (!context.options.boolean(option))
    throw new AppError(fill(messages.oauth.disabled, { provider: binding.provider }));
}

/** Third-party sign-in and bindings (spec 000 §7, spec 001 login callbacks). */
export function registerOauthRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const critical = { onRequest: criticalRateLimit(context) };
  const bound = { onRequest: criticalRateLimit(context), preValidation: guards.user };

  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    binding: Binding,
    account: Pick<ProviderAccount, 'id' | 'username' | 'displayName'> & { email?: string },
    aff: string,
  ) => {
    const user = await signInWithBinding(context, binding, account, aff);
    // The second factor guards every way in, not only the password.
    return completeOrAskSecondStep(request, reply, context, user);
  };

  app.get('/oauth/state', { ...critical, schema: { querystring: stateQuerySchema } }, async (request, reply) =>
    ok(await issueState(request, reply, context, request.query.aff.trim())),
  );

  const codeExchanges = [
    { path: '/oauth/github', option: 'GitHubOAuthEnabled', binding: bindings.github, exchange: githubAccount },
    { path: '/oauth/linuxdo', option: 'LinuxDOOAuthEnabled', binding: bindings.linuxdo, exchange: linuxdoAccount },
    { path: '/oauth/oidc', option: 'oidc.enabled', binding: bindings.oidc, exchange: oidcAccount },
  ] as const;
  for (const { path, option, binding, exchange } of codeExchanges) {
    app.get(path, { ...critical, schema: { querystring: callbackQuerySchema } }, async (request, reply) => {
      const aff = await claimState(request, context, request.query.state);
      requireEnabled(context, option, binding);
      if (!request.query.code) throw new AppError(messages.oauth.codeMissing);
      const account = await exchange(context, request.query.code);
      const signedIn = await sessionUser(request, context);
      if (signedIn) {
        await bindAccount(context, signedIn, binding, account.id);
        return ok(undefined, 'bind');
      }
      return signIn(request, reply, binding, account, aff);
    });
  }

  app.get('/oauth/wechat', { ...critical, schema: { querystring: codeQuerySchema } }, async (request, reply) => {
    requireEnabled(context, 'WeChatAuthEnabled', bindings.wechat);
    const id = await wechatId(context, request.query.code.trim());
    return signIn(request, reply, bindings.wechat, { id, username: '', displayName: '' }, '');
  });

  app.get('/oauth/wechat/bind', { ...bound, schema: { querystring: codeQuerySchema } }, async (request) => {
    requireEnabled(context, 'WeChatAuthEnabled', bindings.wechat);
    await bindAccount(
      context,
      currentUser(request),
      bindings.wechat,
      await wechatId(context, request.query.code.trim()),
    );
    return ok(undefined, 'bind');
  });

  const telegramId = (query: Record<string, string>) => {
    requireEnabled(context, 'TelegramOAuthEnabled', bindings.telegram);
    return verifyTelegramLogin(query, context.options.string('TelegramBotToken'));
  };

  app.get(
    '/oauth/telegram/login',
    { ...critical, schema: { querystring: telegramQuerySchema } },
    async (request, reply) => {
      const id = telegramId(request.query);
      const username = request.query.username ?? '';
      const displayName = [request.query.first_name, request.query.last_name].filter(Boolean).join(' ');
      return signIn(request, reply, bindings.telegram, { id, username, displayName }, '');
    },
  );

  app.get('/oauth/telegram/bind', { ...bound, schema: { querystring: telegramQuerySchema } }, async (request) => {
    await bindAccount(context, currentUser(request), bindings.telegram, telegramId(request.query));
    return ok(undefined, 'bind');
  });

  app.get('/oauth/email/bind', { ...bound, schema: { querystring: emailBindQuerySchema } }, async (request) => {
    const email = request.query.email.trim();
    const code = request.query.code.trim();
    if (!email || !code) throw new AppError(messages.oauth.emailCodeRequired);
    const user = currentUser(request);
    checkEmailRules(context, email);
    if (await emailInUse(context, email, user.id)) throw new AppError(messages.account.emailTaken);
    if (!(await new VerificationService(context).checkCode(email, code)))
      throw new AppError(messages.account.codeWrong);
    await new UserRepository(context.database).update(user.id, { email });
    await context.bus.userChanged(user.id);
    return ok();
  });
}
