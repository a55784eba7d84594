import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogleTokenEndpoint, testServiceAccount } from '../../../testing/fake-google-token-endpoint';
import { parseServiceAccount, TokenExchangeError, VertexTokenCache } from './credentials';
import { regionFor, vertexClaudeModel, vertexUrl } from './request';

let endpoint: FakeGoogleTokenEndpoint;
const agent = new Agent();

beforeAll(async () => {
  endpoint = await new FakeGoogleTokenEndpoint().start();
});

afterAll(async () => {
  await endpoint.stop();
  await agent.close();
});

describe('Vertex service-account tokens', () => {
  it('signs an RS256 assertion for the cloud-platform scope and caches the token until shortly before it expires', async () => {
    const { key, publicKeyPem } = testServiceAccount(endpoint.tokenUrl);
    endpoint.publicKeyPem = publicKeyPem;
    let now = 1_800_000_000;
    const cache = new VertexTokenCache(() => now);
    const account = parseServiceAccount(JSON.stringify(key))!;

    const [first, concurrent] = await Promise.all([
      cache.accessToken(account, agent),
      cache.accessToken(account, agent),
    ]);
    expect([first, concurrent]).toEqual(['token-1', 'token-1']);
    expect(endpoint.exchanges).toHaveLength(1);
    expect(endpoint.exchanges[0]).toEqual({
      header: { alg: 'RS256', typ: 'JWT', kid: 'key-1' },
      claims: {
        iss: key.client_email,
        scope: 'https://www.googleapis.com/auth/cloud-platform',
        aud: endpoint.tokenUrl,
        iat: now,
        exp: now + 3600,
      },
      signatureValid: true,
    });

    now += 3000;
    expect(await cache.accessToken(account, agent)).toBe('token-1');
    now += 400; // within five minutes of expiry: renewed
    expect(await cache.accessToken(account, agent)).toBe('token-2');
    expect(endpoint.exchanges).toHaveLength(2);
  });

  it('reports a refused key and does not cache the failure', async () => {
    const { key } = testServiceAccount(endpoint.tokenUrl);
    endpoint.publicKeyPem = testServiceAccount(endpoint.tokenUrl).publicKeyPem;
    const cache = new VertexTokenCache();
    const account = parseServiceAccount(JSON.stringify(key))!;
    await expect(cache.accessToken(account, agent)).rejects.toThrow(TokenExchangeError);
    await expect(cache.accessToken(account, agent)).rejects.toThrow(/invalid_grant/);
  });

  it('reads only complete service-account keys', () => {
    expect(parseServiceAccount('AIzaSy-api-key')).toBeNull();
    expect(parseServiceAccount('{"type":"service_account"}')).toBeNull();
    expect(parseServiceAccount('{not json')).toBeNull();
  });
});

describe('Vertex addresses', () => {
  it('takes the region from the channel, per model when it is a JSON map, us-central1 by default', () => {
    expect(regionFor('', 'gemini-2.5-pro')).toBe('us-central1');
    expect(regionFor('europe-west4', 'gemini-2.5-pro')).toBe('europe-west4');
    const map = '{"default":"asia-east1","claude-sonnet-4@20250514":"us-east5"}';
    expect(regionFor(map, 'claude-sonnet-4@20250514')).toBe('us-east5');
    expect(regionFor(map, 'gemini-2.5-pro')).toBe('asia-east1');
  });

  it('addresses Gemini models under google and Claude models under anthropic with Vertex names', () => {
    const target = { projectId: 'p1', region: 'us-east5', baseUrl: '' };
    expect(vertexUrl(target, 'gemini-2.5-pro', 'streamGenerateContent')).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    );
    expect(vertexUrl(target, 'claude-sonnet-4-20250514', 'rawPredict')).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(vertexUrl({ projectId: 'p1', region: 'global', baseUrl: '' }, 'gemini-2.5-pro', 'generateContent')).toBe(
      'https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    expect(
      vertexUrl(
        { projectId: null, region: 'us-central1', baseUrl: 'http://127.0.0.1:1' },
        'gemini-2.5-flash',
        'generateContent',
      ),
    ).toBe('http://127.0.0.1:1/v1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(vertexClaudeModel('claude-3-5-sonnet-20241022')).toBe('claude-3-5-sonnet-v2@20241022');
    expect(vertexClaudeModel('claude-opus-4-1@20250805')).toBe('claude-opus-4-1@20250805');
  });
});
