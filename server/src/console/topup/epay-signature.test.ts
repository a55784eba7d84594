import { describe, expect, it } from 'vitest';
import { epaySignature, signEpayParams, verifyEpaySignature } from './epay-signature';

// MD5 of "money=1.00&name=TUC1&out_trade_no=USR1NOabc1&pid=1001&type=alipayKEY", computed outside this code.
const EXPECTED = '2da9c486211117c93569df7c561ff967';
const params = { type: 'alipay', pid: '1001', out_trade_no: 'USR1NOabc1', name: 'TUC1', money: '1.00', device: '' };

describe('epay signature', () => {
  it('sorts the keys, skips empty values, sign and sign_type, and appends the merchant key', () => {
    expect(epaySignature(params, 'KEY')).toBe(EXPECTED);
    expect(epaySignature({ ...params, sign: 'anything', sign_type: 'MD5' }, 'KEY')).toBe(EXPECTED);
  });

  it('verifies its own signature in any case and refuses a changed field or another key', () => {
    const signed = signEpayParams(params, 'KEY');
    expect(signed).toMatchObject({ sign: EXPECTED, sign_type: 'MD5' });
    expect(verifyEpaySignature(signed, 'KEY')).toBe(true);
    expect(verifyEpaySignature({ ...signed, sign: EXPECTED.toUpperCase() }, 'KEY')).toBe(true);
    expect(verifyEpaySignature({ ...signed, money: '100.00' }, 'KEY')).toBe(false);
    expect(verifyEpaySignature(signed, 'OTHER')).toBe(false);
    expect(verifyEpaySignature({ ...params }, 'KEY')).toBe(false);
  });
});
