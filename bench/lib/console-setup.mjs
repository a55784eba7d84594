// Configures the fresh gateway through its console API, as an administrator would.

export const MODEL = 'gpt-4o-mini';

async function call(base, session, method, path, body) {
  const headers = { 'content-type': 'application/json', 'accept-language': 'en', ...session };
  const response = await fetch(
    `${base}${path}`,
    body === undefined ? { method, headers } : { method, headers, body: JSON.stringify(body) },
  );
  const reply = await response.json();
  if (!response.ok || !reply.success)
    throw new Error(`${method} ${path} failed (${response.status}): ${reply.message}`);
  return { reply, response };
}

/**
 * Signs in as root, adds one channel pointing at the fake upstream (and one for `realtime.model` at the fake
 * realtime upstream `realtime.url` when given) and one unlimited token.
 * Returns the token's `sk-` key and root's id and quota (root starts with a large quota).
 */
export async function configureGateway(base, upstreamUrl, realtime = null) {
  const { reply: login, response } = await call(base, {}, 'POST', '/api/user/login', {
    username: 'root',
    password: '123456',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const session = { cookie, 'New-Api-User': String(login.data.id) };
  await call(base, session, 'POST', '/api/channel/', {
    type: 1,
    name: 'bench upstream',
    key: 'sk-bench-upstream',
    base_url: upstreamUrl,
    models: MODEL,
    group: 'default',
  });
  if (realtime) {
    await call(base, session, 'POST', '/api/channel/', {
      type: 1,
      name: 'bench realtime upstream',
      key: 'sk-bench-upstream',
      base_url: realtime.url,
      models: realtime.model,
      group: 'default',
    });
  }
  const { reply: tokens } = await call(base, session, 'POST', '/api/token/', {
    name: 'bench',
    unlimited_quota: true,
    remain_quota: 0,
    expired_time: -1,
  });
  const { reply: self } = await call(base, session, 'GET', '/api/user/self');
  return { key: `sk-${tokens.data[0].key}`, userId: login.data.id, quota: self.data.quota };
}
