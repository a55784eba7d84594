import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from './loopback-server';

/** A service-account key pair for tests, with the JSON key a Vertex channel stores. */
export function testServiceAccount(tokenUrl: string, projectId = 'test-project') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `gateway@${projectId}.iam.gserviceaccount.com`,
    token_uri: tokenUrl,
  };
  return { key, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export interface ExchangedAssertion {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signatureValid: boolean;
}

/**
 * Google's OAuth token endpoint on 127.0.0.1: verifies the RS256 assertion of a JWT-bearer grant
 * against the public key it was given and answers an access token (`token-1`, `token-2`, …).
 */
export class FakeGoogleTokenEndpoint extends LoopbackFake {
  readonly exchanges: ExchangedAssertion[] = [];
  publicKeyPem = '';
  expiresIn = 3600;

  /** the token endpoint's address, as a service-account key's `token_uri` names it */
  get tokenUrl(): string {
    return `${this.url}/token`;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    const signatureValid = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(this.publicKeyPem, Buffer.from(signature, 'base64url'));
    const decode = (part: string) =>
      JSON.parse(Buffer.from(part, 'base64url').toString('utf8') || '{}') as Record<string, unknown>;
    this.exchanges.push({ header: decode(header), claims: decode(claims), signatureValid });
    const ok = signatureValid && form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer';
    const reply = ok
      ? { access_token: `token-${this.exchanges.length}`, expires_in: this.expiresIn, token_type: 'Bearer' }
      : { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' };
    response.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply));
  }
}
