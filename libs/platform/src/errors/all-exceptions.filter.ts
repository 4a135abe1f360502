import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { ErrorResponse, MESSAGES, codeForStatus } from '@infra/contracts';
import { DomainError } from './domain-error';

/** Errors thrown by body parsers and similar middleware carry an HTTP status and a safe message. */
interface ExposedHttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message: string;
}

function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that only input causes: a value the column type cannot hold. They
 * are the caller's 400 with a generic text (the database's message names internals); every other database error
 * stays a 500.
 */
const INPUT_DATA_EXCEPTIONS: Record<string, string> = {
  '22007': 'A date or time in the request is invalid or out of range.',
  '22008': 'A date or time in the request is invalid or out of range.',
  '22003': 'A number in the request is out of range.',
  '22P02': 'A value in the request has an invalid format.',
  '22021': 'A text in the request contains characters that cannot be stored.',
  '22P05': 'A text in the request contains characters that cannot be stored.',
  '22001': 'A text in the request is too long.',
};

/** The SQLSTATE of an error from PostgreSQL (TypeORM's QueryFailedError and pg's error both carry `code`). */
function sqlState(exception: Error): string | undefined {
  const { code, severity } = exception as Error & { code?: unknown; severity?: unknown };
  const fromDatabase = exception.name === 'QueryFailedError' || typeof severity === 'string';
  return fromDatabase && typeof code === 'string' ? code : undefined;
}

/** The 400 text of a database error caused by input. */
export function inputDataExceptionMessage(exception: unknown): string | undefined {
  if (!(exception instanceof Error)) return undefined;
  const state = sqlState(exception);
  return state ? INPUT_DATA_EXCEPTIONS[state] : undefined;
}

/** SQLSTATEs of a database that cannot be reached or dropped the connection (class 08, shutdowns, no free slot). */
const CONNECTION_LOST = /^(08...|57P0[123]|53300)$/;
/** pg's own errors when its socket closes, and the pool's when no connection can be made in time. */
const CONNECTION_LOST_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect/;
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** TypeORM's, when a transaction's connection was lost between two of its statements (the pool released it). */
const RELEASED_CONNECTION = new Set(['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError']);

/**
 * The database is out of reach (restarted, its connections terminated, the pool cannot connect): the request may
 * succeed if tried again, so it is a 503 rather than a 500. The pool replaces the lost connections by itself.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  if (!(exception instanceof Error)) return false;
  if (RELEASED_CONNECTION.has(exception.name)) return true;
  const state = sqlState(exception);
  if (state && CONNECTION_LOST.test(state)) return true;
  const { code } = exception as Error & { code?: unknown };
  if (typeof code === 'string' && SOCKET_ERRORS.has(code)) return true;
  return CONNECTION_LOST_MESSAGES.test(exception.message);
}

/**
 * Maps any error to the one error shape `{ statusCode, message, errorId, code }` and logs the errorId with its
 * cause. Domain errors carry their module's code; other errors get a generic code derived from the status.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  const errorId = randomUUID();
  const shape = (statusCode: number, message: string, code = codeForStatus(statusCode)): ErrorResponse => ({
    statusCode,
    message,
    errorId,
    code,
  });
  if (exception instanceof DomainError) {
    return shape(exception.status, exception.status >= 500 ? MESSAGES.unknownError : exception.message, exception.code);
  }
  if (exception instanceof HttpException) return shape(exception.getStatus(), messageOf(exception));
  const exposed = exception as ExposedHttpError | undefined;
  const status = exposed?.statusCode ?? exposed?.status;
  if (exposed?.expose && typeof status === 'number' && status >= 400 && status < 500) {
    return shape(status, exposed.message);
  }
  const dataMessage = inputDataExceptionMessage(exception);
  if (dataMessage) return shape(HttpStatus.BAD_REQUEST, dataMessage);
  if (isDatabaseUnavailable(exception)) return shape(HttpStatus.SERVICE_UNAVAILABLE, MESSAGES.unavailable);
  return shape(HttpStatus.INTERNAL_SERVER_ERROR, MESSAGES.unknownError);
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') {
      this.logger.error({ err: exception }, 'Unhandled error outside HTTP');
      return;
    }
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<{ method: string; url: string }>();
    // A piped answer whose client left rejects with ERR_STREAM_PREMATURE_CLOSE while `destroyed` may still be false.
    const prematureClose = (exception as { code?: unknown } | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
    if ((response.destroyed || prematureClose) && !response.writableEnded) {
      // The client went away (closed the tab, timed out, aborted a fetch): nothing failed here that an operator
      // must act on, and there is no one to answer. Info, with the error, so it can still be found.
      this.logger.log(
        { method: request.method, url: request.url, cause: exception instanceof Error ? exception.message : exception },
        'Client closed the connection before the answer',
      );
      return;
    }
    const body = toErrorResponse(exception);
    const details = { errorId: body.errorId, statusCode: body.statusCode, method: request.method, url: request.url };
    if (body.statusCode >= 500) this.logger.error({ ...details, err: exception }, body.message);
    else
      this.logger.warn({ ...details, cause: exception instanceof Error ? exception.message : exception }, body.message);
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
