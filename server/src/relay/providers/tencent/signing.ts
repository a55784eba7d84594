import { createHash, createHmac } from 'node:crypto';

const sha256Hex = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** the API's service name (`hunyuan`) */
  service: string;
  host: string;
  contentType: string;
  body: Buffer;
  /** seconds since the epoch */
  timestamp: number;
}

/**
 * The `Authorization` header of Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256) for a POST to
 * `/` signing the content type and host: canonical request → string to sign → key derived from the
 * secret, the UTC date and the service.
 */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${input.contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
