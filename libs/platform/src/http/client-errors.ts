import { Logger } from '@nestjs/common';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { toErrorResponse } from '../errors';

/** What Node's HTTP parser refuses before any route runs, as Node itself answers it, in words. */
const PARSER_REFUSALS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request line and headers are too large (16 KB at most).' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The request has too many chunk extensions.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, message: 'The request is not valid HTTP.' };

/**
 * Requests Node's HTTP parser refuses (a URL of 20 KB, malformed HTTP) never reach Nest: Node answered them with a
 * bare status line and no body. They get the standard error body instead, with an errorId that is logged.
 */
export function answerClientErrorsInStandardBody(server: Server, service: string): void {
  const logger = new Logger('HttpParser');
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, message } = PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify(toErrorResponse(Object.assign(new Error(message), { status, expose: true })));
    const { errorId } = JSON.parse(body) as { errorId: string };
    logger.warn(`${service}: ${message} (${error.code ?? error.message}) errorId=${errorId}`);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
