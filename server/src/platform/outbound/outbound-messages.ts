import type { Text } from '../text';

/**
 * What a caller is told when a fetch made for it fails. One message covers a refused address, a
 * refused or timed-out connection and a bad status alike, so that it never tells an open port from
 * a closed one.
 */
export const outboundMessages = {
  unreachable: {
    zh: '无法获取 {url}：该地址不允许访问、无法连接或未返回成功应答',
    en: 'Could not fetch {url}: the address is not allowed, could not be reached or did not answer successfully',
  },
  unsupported: { zh: '无法获取 {url}：只支持 http 和 https 地址', en: 'Could not fetch {url}: only http and https addresses are fetched' },
  tooLarge: { zh: '{url} 超过单个文件 {limit} 字节的上限', en: '{url} is larger than the limit of {limit} bytes per file' },
  totalTooLarge: {
    zh: '本次请求要获取的文件合计超过 {limit} 字节的上限',
    en: 'The files this request fetches exceed the limit of {limit} bytes together',
  },
  tooMany: {
    zh: '每个请求最多获取 {limit} 个链接文件，本请求有 {count} 个',
    en: 'A request may have at most {limit} linked files fetched; this one has {count}',
  },
} satisfies Record<string, Text>;
