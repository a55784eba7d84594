import { describe, expect, it } from 'vitest';
import { scrubbedForKey, scrubSecrets, secretsOfKey } from './secret-scrub';

describe('secretsOfKey', () => {
  it('takes every key of a multi-key channel and the pieces of composite keys, leaving short pieces alone', () => {
    const secrets = secretsOfKey('firstPlainKey01\nAKIDEXAMPLE123|wJalrSecretPart9|us-east-1\nappid|appSecret77');
    expect(secrets).toEqual(
      expect.arrayContaining(['firstPlainKey01', 'AKIDEXAMPLE123', 'wJalrSecretPart9', 'us-east-1', 'appSecret77']),
    );
    expect(secrets).not.toContain('appid');
  });

  it('takes the values of a JSON key (a service account), and the URL-encoded form of each secret', () => {
    const secrets = secretsOfKey(
      JSON.stringify({ type: 'service_account', private_key_id: 'abcdef0123456789', client_email: 'bot@project.iam' }),
    );
    expect(secrets).toEqual(expect.arrayContaining(['abcdef0123456789', 'bot@project.iam', 'bot%40project.iam']));
  });
});

describe('scrubSecrets', () => {
  it.each([
    ['Authorization: Bearer abc.def-123456', 'Authorization: Bearer ***'],
    ['"x-api-key":"anthropicValue12"', '"x-api-key":"***"'],
    ['GET /v1beta/models?key=AIzaSyExample0123456789&alt=sse', 'GET /v1beta/models?key=***&alt=sse'],
    ['invalid key sk-ant-api03-abcdefghijkl', 'invalid key sk-***'],
    ['access key AKIAIOSFODNN7EXAMPLE not valid', 'access key AKIA*** not valid'],
    ['token ya29.a0AfH6SMBxyz expired', 'token ya29.*** expired'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature here', 'jwt *** here'],
    ['-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY----- after', '*** after'],
  ])('takes a credential shape out of %j', (text, expected) => {
    expect(scrubSecrets(text)).toBe(expected);
  });

  it('leaves ordinary error text as it is', () => {
    const text = "This model's maximum context length is 8192 tokens; the task-queue is full (request id: abc-123)";
    expect(scrubSecrets(text)).toBe(text);
  });

  it("scrubs the channel's own secrets before clipping, so no half of a key survives the clip", () => {
    const key = 'plainSecretWithoutShape42';
    const text = `${'x'.repeat(10)} ${key}`;
    expect(scrubbedForKey(text, key, 15)).toBe('xxxxxxxxxx ***');
    expect(
      scrubbedForKey(`pieces: wJalrSecretPart9 and AKIDEXAMPLE123`, 'AKIDEXAMPLE123|wJalrSecretPart9|us-east-1'),
    ).toBe('pieces: *** and ***');
  });
});
