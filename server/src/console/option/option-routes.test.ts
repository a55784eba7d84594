import { defaultModelPrice, defaultModelRatio, isSecretOptionKey } from '@switchboard/contract';
import { expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, startTestServer } from '../../testing/test-server';
import { callerFor, callerForTests } from '../../testing/channel-fixtures';
import { optionCalls } from '../../testing/option-calls';

await describeOnEachDatabase('option calls on %s', (server, kind) => {
  const root = callerForTests(server);

  const { put, stored } = optionCalls(root);

  it('lists options without any secret, and a saved value comes back', async () => {
    expect((await put('SMTPToken', 'smtp-password')).success).toBe(true);
    expect((await put('SystemName', 'Acme Gateway')).success).toBe(true);
    const reply = await root<Array<{ key: string; value: string }>>('GET', '/api/option/');
    const keys = reply.data?.map((entry) => entry.key) ?? [];
    expect(keys).toContain('SystemName');
    expect(keys).toContain('ModelRatio');
    expect(keys.filter(isSecretOptionKey)).toEqual([]);
    expect(JSON.stringify(reply.data)).not.toContain('smtp-password');
    expect(reply.data?.find((entry) => entry.key === 'SystemName')?.value).toBe('Acme Gateway');
    expect(server.context.options.string('SMTPToken')).toBe('smtp-password');
  });

  it('refuses visitors and everyone below super admin', async () => {
    await addUser(server, 'option-admin', { role: 10 });
    const admin = await callerFor(server, 'option-admin', 'password123');
    expect(await admin('GET', '/api/option/')).toMatchObject({
      success: false,
      message: 'No permission: insufficient role',
    });
    expect(await admin('PUT', '/api/option/', { key: 'SystemName', value: 'Hijacked' })).toMatchObject({
      success: false,
    });
    expect(await admin('POST', '/api/option/rest_model_ratio')).toMatchObject({ success: false });
    const visitor = await server.call('/api/option/');
    expect(visitor.status).toBe(401);
    expect(await stored('SystemName')).not.toBe('Hijacked');
  });

  const refusals: Array<[key: string, value: unknown, message: string]> = [
    ['GroupRatio', '{"default": 1', 'GroupRatio is not a valid JSON string'],
    ['GroupRatio', '{"default": "cheap"}', 'GroupRatio: the value of "default" must be a number'],
    [
      'GroupRatio',
      '{"default": 1, "vip": 2, "default": 3}',
      'GroupRatio lists "default" more than once; each name may appear only once',
    ],
    [
      'GroupRatio',
      '{"default": 1, "vip": -0.5}',
      'GroupRatio: the value of "vip" is negative; ratios and prices cannot be less than 0',
    ],
    ['GroupRatio', '{"default": 1, "": 2}', 'GroupRatio has an empty group name; group names cannot be empty'],
    ['GroupRatio', '{"default": 1, "   ": 2}', 'GroupRatio has an empty group name; group names cannot be empty'],
    [
      'GroupRatio',
      '{"vip": 1, " vip": 2}',
      'GroupRatio: the group name " vip" begins or ends with a space; remove the space',
    ],
    [
      'UserUsableGroups',
      '{"default": "Default", "vip ": "VIP"}',
      'UserUsableGroups: the group name "vip " begins or ends with a space; remove the space',
    ],
    ['TopupGroupRatio', '{"": 1}', 'TopupGroupRatio has an empty group name; group names cannot be empty'],
    ['Price', '0', 'Price must be greater than 0'],
    ['Price', '-1', 'Price cannot be less than 0'],
    [
      'UserUsableGroups',
      '{"vip": "VIP", "vip": "again"}',
      'UserUsableGroups lists "vip" more than once; each name may appear only once',
    ],
    ['TopupGroupRatio', '[1, 2]', 'TopupGroupRatio is not a valid JSON string'],
    ['UserUsableGroups', '{"default": 1}', 'UserUsableGroups: the value of "default" must be text'],
    [
      'ModelPrice',
      '{"dall-e-3": -1}',
      'ModelPrice: the value of "dall-e-3" is negative; ratios and prices cannot be less than 0',
    ],
    ['ModelRatio', 'gpt-4o: 1', 'ModelRatio is not a valid JSON string'],
    ['CompletionRatio', '"4"', 'CompletionRatio is not a valid JSON string'],
    ['Chats', '{"Cherry Studio": "x"}', 'Chats is not a valid JSON string'],
    ['RegisterEnabled', 'yes', 'RegisterEnabled must be true or false'],
    ['QuotaForNewUser', 'ten', 'QuotaForNewUser must be a number'],
    ['SMTPPort', '', 'SMTPPort must be a number'],
    ['PreConsumedQuota', '-5', 'PreConsumedQuota cannot be less than 0'],
    ['DataExportInterval', '0', 'DataExportInterval cannot be less than 1'],
    ['DataExportDefaultTime', 'month', 'DataExportDefaultTime must be one of: hour, day, week'],
    ['NoSuchOption', 'x', 'Unknown option: NoSuchOption'],
    ['SystemName', { name: 'x' }, 'Please give the option a value'],
  ];

  it.each(refusals)('refuses %s = %j and keeps the old value', async (key, value, message) => {
    const before = await stored(key);
    expect(await put(key, value)).toMatchObject({ success: false, message });
    expect(await stored(key)).toBe(before);
  });

  it('answers in Chinese by default', async () => {
    expect(await put('ModelRatio', '{', 'zh')).toMatchObject({
      success: false,
      message: 'ModelRatio 不是合法的 JSON 字符串',
    });
    expect(await put('GroupRatio', '{"vip": 1, "vip": 2}', 'zh')).toMatchObject({
      success: false,
      message: 'GroupRatio 中“vip”出现了多次，每个名称只能出现一次',
    });
    expect(await put('GroupRatio', '{"vip": -1}', 'zh')).toMatchObject({
      success: false,
      message: 'GroupRatio 中“vip”的值为负数，倍率和价格不能小于 0',
    });
  });

  it('turns the human check on only once its site key and secret exist', async () => {
    expect(await put('TurnstileCheckEnabled', 'true')).toMatchObject({
      success: false,
      message: 'Fill in the Turnstile site key and secret key before turning the human check on',
    });
    expect((await put('TurnstileSiteKey', 'site-key')).success).toBe(true);
    expect(await put('TurnstileCheckEnabled', true, 'zh')).toMatchObject({
      success: false,
      message: '请先填写 Turnstile 的 Site Key 和 Secret Key，再开启人机验证',
    });
    expect(server.context.options.boolean('TurnstileCheckEnabled')).toBe(false);
    expect((await put('TurnstileSecretKey', 'secret-key')).success).toBe(true);
    expect((await put('TurnstileCheckEnabled', 'true')).success).toBe(true);
    expect((await put('TurnstileCheckEnabled', 'false')).success).toBe(true);
  });

  it('names group problems in Chinese too', async () => {
    expect(await put('GroupRatio', '{"vip": 1, " vip": 2}', 'zh')).toMatchObject({
      success: false,
      message: 'GroupRatio 中的分组名“ vip”首尾有空格，请去掉空格',
    });
    expect(await put('GroupRatio', '{"": 1}', 'zh')).toMatchObject({
      success: false,
      message: 'GroupRatio 中有空的分组名，分组名不能为空',
    });
    expect(await put('Price', '0', 'zh')).toMatchObject({ success: false, message: 'Price 必须大于 0' });
    expect((await put('Price', '0.5')).success).toBe(true);
  });

  it('turns GitHub sign-in on only once its client id and secret exist', async () => {
    expect(await put('GitHubOAuthEnabled', 'true')).toMatchObject({
      success: false,
      message: 'Fill in the GitHub client ID and client secret before turning GitHub sign-in on',
    });
    expect((await put('GitHubClientSecret', 'github-secret')).success).toBe(true);
    expect(await put('GitHubOAuthEnabled', true, 'zh')).toMatchObject({
      success: false,
      message: '请先填写 GitHub 的 Client ID 和 Client Secret，再开启 GitHub 登录',
    });
    expect(await stored('GitHubOAuthEnabled')).toBe('false');
    const status = (await (await server.call('/api/status')).json()) as { data: { github_oauth: boolean } };
    expect(status.data.github_oauth).toBe(false);
    expect((await put('GitHubClientId', 'github-client')).success).toBe(true);
    expect((await put('GitHubOAuthEnabled', 'true')).success).toBe(true);
    expect((await put('GitHubOAuthEnabled', 'false')).success).toBe(true);
  });

  it('turns LinuxDO sign-in on only once its client id and secret exist', async () => {
    expect(await put('LinuxDOOAuthEnabled', 'true')).toMatchObject({
      success: false,
      message: 'Fill in the LinuxDO client ID and client secret before turning LinuxDO sign-in on',
    });
    expect((await put('LinuxDOClientId', 'linuxdo-client')).success).toBe(true);
    expect((await put('LinuxDOClientSecret', 'linuxdo-secret')).success).toBe(true);
    expect((await put('LinuxDOOAuthEnabled', 'true')).success).toBe(true);
    expect((await put('LinuxDOOAuthEnabled', 'false')).success).toBe(true);
  });

  const signInsWithSettings = [
    {
      switch: 'WeChatAuthEnabled',
      settings: ['WeChatServerAddress', 'WeChatServerToken'] as const,
      statusFlag: 'wechat_login',
      en: 'Fill in the WeChat server address and server token before turning WeChat sign-in on',
      zh: '无法启用微信登录，请先填入微信登录相关配置信息！',
    },
    {
      switch: 'TelegramOAuthEnabled',
      settings: ['TelegramBotToken', 'TelegramBotName'] as const,
      statusFlag: 'telegram_oauth',
      en: 'Fill in the Telegram bot token and bot name before turning Telegram sign-in on',
      zh: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token 和 Bot Name！',
    },
  ];

  it.each(signInsWithSettings)('turns $switch on only once both its settings exist', async (signIn) => {
    const [first, second] = signIn.settings;
    const statusFlag = async () =>
      ((await (await server.call('/api/status')).json()) as { data: Record<string, unknown> }).data[signIn.statusFlag];
    expect(await put(signIn.switch, 'true')).toMatchObject({ success: false, message: signIn.en });
    expect((await put(first, 'first-setting')).success).toBe(true);
    expect(await put(signIn.switch, true, 'zh')).toMatchObject({ success: false, message: signIn.zh });
    expect((await put(first, '')).success).toBe(true);
    expect((await put(second, 'second-setting')).success).toBe(true);
    expect(await put(signIn.switch, 'true')).toMatchObject({ success: false, message: signIn.en });
    expect(await stored(signIn.switch)).toBe('false');
    expect(await statusFlag()).toBe(false);
    expect((await put(first, 'first-setting')).success).toBe(true);
    expect((await put(signIn.switch, 'true')).success).toBe(true);
    expect(await statusFlag()).toBe(true);
    expect((await put(signIn.switch, 'false')).success).toBe(true);
  });

  it('takes a payment address only while the server address is filled', async () => {
    expect((await put('ServerAddress', '')).success).toBe(true);
    expect(await put('PayAddress', 'https://pay.example.com')).toMatchObject({
      success: false,
      message: 'Fill in the server address before setting the payment address',
    });
    expect(await put('PayAddress', 'https://pay.example.com', 'zh')).toMatchObject({
      success: false,
      message: '请先填写服务器地址，再设置支付地址',
    });
    expect(await stored('PayAddress')).toBe('');
    expect((await put('ServerAddress', 'https://gateway.example.com')).success).toBe(true);
    expect((await put('PayAddress', 'https://pay.example.com')).success).toBe(true);
    expect(await put('ServerAddress', '')).toMatchObject({
      success: false,
      message: 'The server address cannot be empty while a payment address is set',
    });
    expect(await stored('ServerAddress')).toBe('https://gateway.example.com');
    expect((await put('PayAddress', '')).success).toBe(true);
    expect((await put('ServerAddress', '')).success).toBe(true);
  });

  it('accepts values of the right kind, numbers and booleans sent as such too', async () => {
    expect((await put('RegisterEnabled', false)).success).toBe(true);
    expect((await put('QuotaForNewUser', 2500)).success).toBe(true);
    expect((await put('Chats', '[{"Lobe": "https://chat.example/?key={key}"}]')).success).toBe(true);
    expect(server.context.options.boolean('RegisterEnabled')).toBe(false);
    expect(server.context.options.number('QuotaForNewUser')).toBe(2500);
    const status = (await (await server.call('/api/status')).json()) as { data: { register_enabled: boolean } };
    expect(status.data.register_enabled).toBe(false);
  });

  it.each(['ServerAddress', 'WorkerUrl', 'PayAddress', 'WeChatServerAddress'])(
    'drops the trailing slash of %s',
    async (key) => {
      expect((await put(key, 'https://gateway.example.com/')).success).toBe(true);
      expect(await stored(key)).toBe('https://gateway.example.com');
    },
  );

  it('keeps a trailing slash where it is not an address', async () => {
    expect((await put('TopUpLink', 'https://shop.example.com/')).success).toBe(true);
    expect(await stored('TopUpLink')).toBe('https://shop.example.com/');
  });

  it('resets the price tables to the defaults', async () => {
    await put('ModelRatio', '{"only-model": 3}');
    await put('ModelPrice', '{}');
    const reply = await root('POST', '/api/option/rest_model_ratio');
    expect(reply).toMatchObject({ success: true, message: 'Model ratios and prices have been reset to the defaults' });
    expect(JSON.parse((await stored('ModelRatio')) ?? '{}')).toEqual(defaultModelRatio);
    expect(JSON.parse((await stored('ModelPrice')) ?? '{}')).toEqual(defaultModelPrice);
  });

  it('keeps saved values across a restart', async () => {
    await put('Footer', 'Run by Acme');
    const again = await startTestServer({ databaseKind: kind, sharedDatabase: server.database });
    try {
      expect(again.context.options.string('Footer')).toBe('Run by Acme');
    } finally {
      await again.stop();
    }
  });
});
