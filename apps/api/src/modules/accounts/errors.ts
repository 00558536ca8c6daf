import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';

/** An error whose message lives in the accounts namespace (accounts:errors.<CODE>). */
export function accountError(
  statusCode: number,
  code: string,
  options: { details?: ErrorDetail[]; vars?: Record<string, string | number> } = {},
): AppError {
  return new AppError(statusCode, code, { ...options, messageKey: `accounts:errors.${code}` });
}
