/** Anthropic's error `type` for an HTTP status. */
export function anthropicErrorType(status: number): string {
  if (status === 400 || status === 422) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 402 || status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 504) return 'timeout_error';
  if (status === 529 || status === 503) return 'overloaded_error';
  return 'api_error';
}

const statusOfType: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  timeout_error: 504,
  overloaded_error: 529,
};

/** The HTTP status an Anthropic error `type` stands for (errors inside a stream carry only the type). */
export const statusOfAnthropicError = (type: string): number => statusOfType[type] ?? 500;
