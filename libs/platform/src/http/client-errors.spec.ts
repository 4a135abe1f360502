import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerClientErrorsInStandardBody } from './client-errors';

/** Sends raw bytes and reads the whole answer (the server closes the connection after a refusal). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    answerClientErrorsInStandardBody(server, 'test');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    ['a 20 KB URL', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['malformed HTTP', 'NOT HTTP AT ALL\r\n\r\n', 400],
  ])('answer %s with the standard error body', async (_, bytes, status) => {
    const answer = await rawRequest(port, bytes);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body)).toEqual({
      statusCode: status,
      message: expect.any(String),
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: expect.any(String),
    });
  });
});
