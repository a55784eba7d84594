import { loginRequestSchema } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { ok } from '../envelope';
import type { ConsoleApp } from '../console-app';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { signInWithPassword } from './session-service';
import { toUserView } from './user-view';

export function registerUserSessionRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  app.post('/user/login', { schema: { body: loginRequestSchema } }, async (request, reply) => {
    const user = await signInWithPassword(context, request.body.username, request.body.password);
    setSessionCookie(reply, context, { uid: user.id, iat: Math.floor(Date.now() / 1000) });
    return ok(user);
  });

  app.get('/user/logout', async (_request, reply) => {
    clearSessionCookie(reply);
    return ok();
  });

  app.get('/user/self', { preHandler: guards.user }, async (request) => ok(toUserView(currentUser(request))));
}
