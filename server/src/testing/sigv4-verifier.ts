import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks an AWS Signature Version 4 the way AWS does, written from the published algorithm (not with
 * the signing package under test): canonical request (path segments encoded once more), string to
 * sign over the credential scope, and the HMAC chain of the secret key.
 */
export function verifySigV4(
  request: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer },
  secretAccessKey: string,
): { valid: boolean; region: string; service: string; accessKeyId: string } {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { valid: false, region: '', service: '', accessKeyId: '' };
  const [, accessKeyId = '', date = '', region = '', service = '', signedHeaders = '', signature = ''] = match;
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalPath = request.path
    .split('/')
    .map((segment) => rfc3986(segment))
    .join('/');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? sha256(request.body));
  const canonicalRequest = [request.method, canonicalPath, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date'] ?? ''),
    scope,
    sha256(canonicalRequest),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  const bodyIntact = payloadHash === sha256(request.body);
  return { valid: expected === signature && bodyIntact, region, service, accessKeyId };
}
