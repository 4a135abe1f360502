import { Body, Controller, Get, INestApplication, Post, Query } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter } from '../errors';
import { refuseDeepJson } from './json-depth';
import { isLargeJsonBody, isSmallJsonBody, parseLargeJsonBodies } from './json-in-slices';
import { hasUnsafeText, refuseUnsafeText, unsafeTextPath } from './unsafe-text';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('unsafe text', () => {
  it('is NUL or an unpaired surrogate; paired surrogates (emoji) and other text are fine', () => {
    expect(['\u0000', 'a\ud800', '\ud800b', '\udc00', 'x\udc00\ud800'].map(hasUnsafeText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'plain', 'emoji 😀', 'Zürich \ud83d\ude00 東京', '\u0001'].map(hasUnsafeText)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names the path of the first unsafe string, keys included', () => {
    expect(unsafeTextPath({ assets: [{ name: 'ok' }, { name: 'bad\ud800' }] })).toBe('assets.1.name');
    expect(unsafeTextPath({ customData: { nested: { '\u0000': 1 } } })).toBe('customData.nested');
    expect(unsafeTextPath('\ud800')).toBe('value');
    expect(unsafeTextPath({ a: [1, null, true, { b: 'fine' }] })).toBeUndefined();
  });

  it('leaves a body kept as bytes (an uploaded file) to the file checks, without walking its bytes', () => {
    const next = jest.fn();
    const file = Buffer.from('key,value\nk,w\0\n');
    refuseUnsafeText({ query: {}, body: file } as never, {} as never, next);
    expect(next).toHaveBeenCalledWith();
  });
});

@Controller()
class EchoController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }

  @Get('echo')
  query(@Query() query: unknown): unknown {
    return query;
  }
}

describe('services refuse unsafe text in bodies and queries', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [EchoController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    }).compile();
    const nest = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, bodyParser: false });
    // As bootstrapApp mounts them: small JSON bodies by body-parser, large ones a slice at a time.
    nest.useBodyParser('json', { verify: refuseDeepJson, type: isSmallJsonBody });
    nest.useBodyParser('raw', { limit: '2mb', type: isLargeJsonBody });
    nest.use(parseLargeJsonBodies);
    nest.use(refuseUnsafeText);
    app = nest;
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  const post = (body: string) =>
    fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it.each([
    ['{"name":"\\ud800"}', 'name'],
    ['{"assets":[{"externalId":"x\\udfff"}]}', 'assets.0.externalId'],
    ['{"customData":{"note":"a\\u0000b"}}', 'customData.note'],
  ])('answers 400 with the standard body naming the field for %s', async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: `${field} must not contain control characters or unpaired UTF-16 surrogates`,
      errorId: expect.stringMatching(ERROR_ID),
      code: 'BAD_REQUEST',
    });
  });

  it('answers 400 for a NUL in a query parameter', async () => {
    const response = await fetch(`${base}/echo?search=a%00b`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('search') });
  });

  it('passes ordinary text, emoji included', async () => {
    const response = await post('{"name":"Zürich \\ud83d\\ude00"}');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'Zürich 😀' });
    // An escaped backslash before `u0000` is the text \u0000, not NUL.
    expect(await (await post('{"name":"a\\\\u0000"}')).json()).toEqual({ name: 'a\\u0000' });
    expect((await fetch(`${base}/echo?search=caf%C3%A9`)).status).toBe(200);
  });

  describe('a large body (parsed a slice at a time)', () => {
    const items = Array.from({ length: 4000 }, (_, n) => ({ name: `asset-${n}`, note: 'x'.repeat(50) }));
    const large = (extra = '') => `{"items":${JSON.stringify(items)}${extra}}`;

    it('is the body JSON.parse makes of it', async () => {
      const response = await post(large(',"name":"Zürich 😀"'));
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ items, name: 'Zürich 😀' });
    });

    it('answers 400 naming the field for unsafe text, and for syntax, depth and a value that is no object', async () => {
      const unsafe = await post(`{"items":${JSON.stringify(items).replace('asset-3999', 'asset\\u0000')}}`);
      expect(unsafe.status).toBe(400);
      expect(await unsafe.json()).toMatchObject({ message: expect.stringMatching(/^items\.3999\.name must not/) });
      for (const body of [
        large(',]'),
        `${'['.repeat(70)}${JSON.stringify(items)}${']'.repeat(70)}`,
        JSON.stringify('x'.repeat(300_000)),
      ]) {
        const response = await post(body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ statusCode: 400, errorId: expect.stringMatching(ERROR_ID) });
      }
    });

    it('answers 415 for a charset other than UTF-8 and 413 over the limit', async () => {
      const latin1 = await fetch(`${base}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=latin1' },
        body: large(),
      });
      expect(latin1.status).toBe(415);
      expect((await post(`{"items":"${'x'.repeat(2.2 * 1024 * 1024)}"}`)).status).toBe(413);
    });
  });
});
