import { describe, expect, it } from 'vitest';
import { isIpOrCidr, normaliseAllowedIps } from './allowed-ips';

describe('IP whitelist', () => {
  it.each(['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '192.168.1.1/32', '::1', 'fd00::/8', '2001:db8::/128'])(
    'accepts %s',
    (entry) => {
      expect(isIpOrCidr(entry)).toBe(true);
    },
  );

  it.each([
    '1.2.3',
    '256.1.1.1',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/x',
    '::1/129',
    'example.com',
    '1.2.3.4, 5.6.7.8',
    '/8',
  ])('refuses %s', (entry) => {
    expect(isIpOrCidr(entry)).toBe(false);
  });

  it('keeps one entry per line, dropping blanks and spaces', () => {
    expect(normaliseAllowedIps(' 1.2.3.4 \r\n\n10.0.0.0/8\n')).toEqual({ ok: true, text: '1.2.3.4\n10.0.0.0/8' });
    expect(normaliseAllowedIps(null)).toEqual({ ok: true, text: '' });
  });

  it('reports the first bad line by its number', () => {
    expect(normaliseAllowedIps('1.2.3.4\n\nnot-an-ip\n300.0.0.1')).toEqual({ ok: false, line: 3, value: 'not-an-ip' });
  });
});
