import type { RelayError } from '../relay-error';

/** Google's canonical status names by HTTP status. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function googleStatusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

/** A relay failure in Gemini's error shape: `{error:{code,message,status}}`. */
export function geminiErrorReply(error: RelayError, language: 'zh' | 'en', requestId: string) {
  const status = error.status === 499 ? 400 : error.status;
  return {
    status,
    body: {
      error: {
        code: status,
        message: `${error.text[language]} (request id: ${requestId})`,
        status: googleStatusName(status),
      },
    },
  };
}
