import { currentLanguage } from './i18n.ts';

/** The API's error body: { error: { code, message, details } } (message already in the user's language). */
export interface ApiErrorDetail {
  field?: string;
  message: string;
  code?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type Sender = (input: string, init: RequestInit) => Promise<Response>;

/** Plain fetch until the signed-in http client (token, refresh queue) is bound with `bindSender`. */
let sender: Sender = (input, init) => fetch(input, init);

/** The identity module binds its client (bearer token, 401 refresh-and-replay) here once at start-up. */
export function bindSender(send: Sender): void {
  sender = send;
}

/**
 * JSON calls for the shell's pages. Sends the interface language (server messages follow it), turns the error
 * body into an ApiError, and accepts FormData for uploads. A create sent from a form passes the form's
 * `idempotencyKey` (platform/form: useSubmit), sent as `Idempotency-Key`.
 */
export async function apiFetch<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    idempotencyKey?: string | undefined;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const res = await sender(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: keep the status, there is no error body to read.
    data = undefined;
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } } | undefined)
      ?.error;
    throw new ApiError(
      res.status,
      err?.code ?? `HTTP_${res.status}`,
      err?.message ?? res.statusText,
      err?.details ?? [],
    );
  }
  return data as T;
}

/**
 * A file from the API (xlsx templates and exports) through the same sender, so downloads carry the session
 * too. Errors arrive as the usual error body and become an ApiError. The name comes from Content-Disposition
 * (RFC 5987 `filename*` first: Vietnamese names).
 */
export async function apiDownload(
  path: string,
  options: { query?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = { 'accept-language': currentLanguage() };
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const res = await sender(url, { method: 'GET', headers, signal: options.signal });
  if (!res.ok) {
    let err: { code?: string; message?: string; details?: ApiErrorDetail[] } | undefined;
    try {
      err = ((await res.json()) as { error?: typeof err }).error;
    } catch {
      err = undefined;
    }
    throw new ApiError(
      res.status,
      err?.code ?? `HTTP_${res.status}`,
      err?.message ?? res.statusText,
      err?.details ?? [],
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const fileName = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? null);
  return { blob: await res.blob(), fileName };
}
