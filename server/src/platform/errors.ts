import type { Text } from './text';

export interface AppErrorOptions {
  /** HTTP status; console business errors answer 200 with `success: false`. */
  status?: number;
  /** Stable machine-readable code. */
  code?: string;
  /** Whether another upstream channel may succeed where this attempt failed. */
  retryable?: boolean;
}

/** An error whose message a user may read; the console answers it in the caller's language. */
export class AppError extends Error {
  readonly text: Text;
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;

  constructor(text: Text, options: AppErrorOptions = {}) {
    super(text.en);
    this.text = text;
    this.status = options.status ?? 200;
    this.code = options.code ?? 'business_error';
    this.retryable = options.retryable ?? false;
  }
}

export const messages = {
  notLoggedIn: { zh: '未登录或登录已过期，请重新登录', en: 'Not logged in or login expired, please log in again' },
  userHeaderMissing: {
    zh: '无权进行此操作，未提供 New-Api-User',
    en: 'No permission: the New-Api-User header is missing',
  },
  userHeaderMalformed: {
    zh: '无权进行此操作，New-Api-User 格式错误',
    en: 'No permission: the New-Api-User header is malformed',
  },
  userHeaderMismatch: {
    zh: '无权进行此操作，New-Api-User 与登录用户不匹配',
    en: 'No permission: New-Api-User does not match the signed-in user',
  },
  invalidAccessToken: { zh: '无权进行此操作，access token 无效', en: 'No permission: invalid access token' },
  userBanned: { zh: '用户已被封禁', en: 'This user has been banned' },
  permissionDenied: { zh: '无权进行此操作，权限不足', en: 'No permission: insufficient role' },
  invalidParameter: { zh: '无效的参数：{detail}', en: 'Invalid parameter: {detail}' },
  fieldRequired: { zh: '缺少必填字段 {field}', en: '{field} is required' },
  notFound: { zh: '接口不存在：{method} {path}', en: 'No such API: {method} {path}' },
  internalError: {
    zh: '服务器内部错误，请联系管理员（request id: {id}）',
    en: 'Internal server error, please contact the administrator (request id: {id})',
  },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
} satisfies Record<string, Text>;
