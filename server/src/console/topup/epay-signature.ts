import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The epay MD5 signature (reference notes §10.1): every parameter except `sign`, `sign_type` and empty
 * values, keys in ascending order, joined as `k=v&k=v`, the merchant key appended, MD5 in lowercase hex.
 */
export function epaySignature(params: Record<string, string>, merchantKey: string): string {
  const text = Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHash('md5')
    .update(text + merchantKey, 'utf8')
    .digest('hex');
}

/** The parameters with `sign` and `sign_type` added. */
export function signEpayParams(params: Record<string, string>, merchantKey: string): Record<string, string> {
  return { ...params, sign: epaySignature(params, merchantKey), sign_type: 'MD5' };
}

export function verifyEpaySignature(params: Record<string, string>, merchantKey: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase());
  const expected = Buffer.from(epaySignature(params, merchantKey));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
