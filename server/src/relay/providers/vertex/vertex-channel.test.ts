import { expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FakeGoogleTokenEndpoint, testServiceAccount } from '../../../testing/fake-google-token-endpoint';
import { FakeGoogleUpstream } from '../../../testing/fake-google-upstream';
import { chatWithSystem, lastConsumeLog, userQuota } from '../../../testing/provider-test-kit';
import {
  anthropicClient,
  askChat,
  claudeMessage,
  geminiClient,
  streamedChatText,
  streamedGeminiText,
} from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';

const PROJECT_PATH = '/v1/projects/test-project/locations/us-east5/publishers';

await describeProviderChannel(
  'Vertex AI channels (%s)',
  () => ({ google: new FakeGoogleUpstream().forTests(), tokenEndpoint: new FakeGoogleTokenEndpoint().forTests() }),
  ({ google, tokenEndpoint }) => {
    const account = testServiceAccount(tokenEndpoint.tokenUrl);
    tokenEndpoint.publicKeyPem = account.publicKeyPem;
    return {
      username: 'vertex-user',
      prices: { 'text-embedding-005': 0.01, 'claude-sonnet-4-20250514-thinking': 1.5 },
      quota: 10_000_000,
      channels: [
        {
          type: 41,
          name: 'vertex',
          baseUrl: google.url,
          // pretty-printed over many lines, as Google's key files are
          key: JSON.stringify(account.key, null, 2),
          models: [
            'gemini-2.5-flash',
            'claude-sonnet-4-20250514',
            'claude-sonnet-4-20250514-thinking',
            'text-embedding-005',
          ],
          other: 'us-east5',
        },
        {
          type: 41,
          name: 'vertex express',
          baseUrl: google.url,
          key: 'AIza-express-key',
          models: ['gemini-2.5-pro'],
          other: '',
        },
      ],
    };
  },
  (server, caller, { google, tokenEndpoint }) => {
    it('Gemini on Vertex: exchanges the service account for a token once, addresses the project and region, bills', async () => {
      const before = await userQuota(server, caller.userId);
      const completion = await askChat(caller.openai, 'gemini-2.5-flash', 'Hi');
      expect(completion.choices[0]?.message.content).toBe('Hello from Gemini!');
      expect(google.last).toMatchObject({ path: `${PROJECT_PATH}/google/models/gemini-2.5-flash:generateContent` });
      expect(google.last?.headers.authorization).toBe('Bearer token-1');
      expect(google.last?.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });

      expect(await streamedChatText(caller.openai, 'gemini-2.5-flash', 'Hi')).toBe('Hello from Gemini!');
      expect(google.last).toMatchObject({
        path: `${PROJECT_PATH}/google/models/gemini-2.5-flash:streamGenerateContent`,
        query: 'alt=sse',
      });
      expect(google.last?.headers.authorization).toBe('Bearer token-1');
      expect(tokenEndpoint.exchanges).toHaveLength(1);
      expect(tokenEndpoint.exchanges[0]?.signatureValid).toBe(true);

      const log = await lastConsumeLog(server);
      expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 8, completion_tokens: 17 });
      // the first call: (1000 + 500 × 8.33) × 0.15 = 775; the stream: (8 + 17 × 8.33) × 0.15 = 22.44 → 22
      expect(await userQuota(server, caller.userId)).toBe(before - 775 - 22);
    });

    it('Claude on Vertex: rawPredict with the Vertex API version in the body and the model in the path', async () => {
      const completion = await chatWithSystem(caller.openai, 'claude-sonnet-4-20250514', 'Be nice.', 'Hi', {
        max_tokens: 100,
      });
      expect(completion.choices[0]?.message.content).toBe('Hello from Claude on Vertex!');
      expect(completion.usage).toMatchObject({ prompt_tokens: 400, completion_tokens: 100 });
      expect(google.last).toMatchObject({
        path: `${PROJECT_PATH}/anthropic/models/claude-sonnet-4@20250514:rawPredict`,
      });
      expect(google.last?.headers.authorization).toBe('Bearer token-1');
      expect(google.last?.body).toMatchObject({
        anthropic_version: 'vertex-2023-10-16',
        max_tokens: 100,
        system: 'Be nice.',
        messages: [{ role: 'user' }],
      });
      expect(google.last?.body).not.toHaveProperty('model');
      // claude-sonnet-4: (400 + 100 × 5) × 1.5 = 1350
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'claude-sonnet-4-20250514', quota: 1350 });

      expect(await streamedChatText(caller.openai, 'claude-sonnet-4-20250514', 'Hi')).toBe(
        'Hello from Claude on Vertex!',
      );
      expect(google.last?.path).toBe(`${PROJECT_PATH}/anthropic/models/claude-sonnet-4@20250514:streamRawPredict`);
      expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 400, completion_tokens: 100 });
    });

    it('a -thinking Claude name asks Vertex for extended thinking on the plain model', async () => {
      await askChat(caller.openai, 'claude-sonnet-4-20250514-thinking', 'Think', { max_tokens: 4000 });
      expect(google.last?.path).toBe(`${PROJECT_PATH}/anthropic/models/claude-sonnet-4@20250514:rawPredict`);
      expect(google.last?.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 3200 }, max_tokens: 4000 });
    });

    it('the Anthropic and Gemini SDKs reach their own models on Vertex natively', async () => {
      const message = await anthropicClient(server, caller.apiKey).messages.create(
        claudeMessage('claude-sonnet-4-20250514', 'Hi', 50),
      );
      expect(message.content).toEqual([{ type: 'text', text: 'Hello from Claude on Vertex!' }]);
      expect(google.last?.body).toEqual({
        max_tokens: 50,
        messages: [{ role: 'user', content: 'Hi' }],
        anthropic_version: 'vertex-2023-10-16',
      });

      const ai = geminiClient(server, caller.apiKey);
      expect(await streamedGeminiText(ai, 'gemini-2.5-flash', 'Hi')).toBe('Hello from Gemini!');
      expect(google.last?.path).toBe(`${PROJECT_PATH}/google/models/gemini-2.5-flash:streamGenerateContent`);
      await expectBilled(server, 'gemini-2.5-flash', { prompt: 8, completion: 17, stream: true });
    });

    it("the Anthropic and Gemini SDKs reach each other's models on Vertex by conversion", async () => {
      const message = await anthropicClient(server, caller.apiKey).messages.create(
        claudeMessage('gemini-2.5-flash', 'Hi', 50),
      );
      expect(message.content).toEqual([{ type: 'text', text: 'Hello from Gemini!' }]);
      expect(google.last?.path).toBe(`${PROJECT_PATH}/google/models/gemini-2.5-flash:generateContent`);

      const response = await geminiClient(server, caller.apiKey).models.generateContent({
        model: 'claude-sonnet-4-20250514',
        contents: 'Hi',
        config: { maxOutputTokens: 50 },
      });
      expect(response.text).toBe('Hello from Claude on Vertex!');
      expect(response.usageMetadata).toMatchObject({ promptTokenCount: 400, candidatesTokenCount: 100 });
      expect(google.last?.path).toBe(`${PROJECT_PATH}/anthropic/models/claude-sonnet-4@20250514:rawPredict`);
      expect(google.last?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 50 });
      await expectBilled(server, 'claude-sonnet-4-20250514', { prompt: 400, completion: 100 });
    });

    it('embeddings go to :predict, billed by the token counts Vertex reports, for OpenAI and Gemini clients', async () => {
      const result = await caller.openai.embeddings.create({
        model: 'text-embedding-005',
        input: ['hello world', 'hi'],
        dimensions: 3,
      });
      // The official SDK asks for base64 (little-endian float32), so values arrive as float32.
      expect(result.data.map((item) => item.embedding)).toEqual(
        [
          [0.0215, -0.0517, 0.0133],
          [-0.0092, 0.0341, 0.0488],
        ].map((values) => values.map(Math.fround)),
      );
      expect(result.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
      expect(google.last).toMatchObject({
        path: `${PROJECT_PATH}/google/models/text-embedding-005:predict`,
        body: { instances: [{ content: 'hello world' }, { content: 'hi' }], parameters: { outputDimensionality: 3 } },
      });
      expect(google.last?.headers.authorization).toBe('Bearer token-1');
      expect(await lastConsumeLog(server)).toMatchObject({
        model_name: 'text-embedding-005',
        prompt_tokens: 5,
        quota: 1,
      });

      const embedded = await geminiClient(server, caller.apiKey).models.embedContent({
        model: 'text-embedding-005',
        contents: 'hello world',
      });
      expect(embedded.embeddings).toEqual([{ values: [0.0215, -0.0517, 0.0133] }]);
      expect(google.last?.body).toEqual({ instances: [{ content: 'hello world' }] });
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'text-embedding-005', prompt_tokens: 3 });
    });

    it('an API key (Vertex express mode) goes in x-goog-api-key, without a project', async () => {
      await askChat(caller.openai, 'gemini-2.5-pro', 'Hi');
      expect(google.last?.path).toBe('/v1/publishers/google/models/gemini-2.5-pro:generateContent');
      expect(google.last?.headers['x-goog-api-key']).toBe('AIza-express-key');
      expect(google.last?.headers.authorization).toBeUndefined();
    });
  },
);
