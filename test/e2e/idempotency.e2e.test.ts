// Idempotent writes through the real gateway: the web client retries a POST on 504 and on time-outs (spec §8), so a
// retry with the same Idempotency-Key must get the first answer back instead of creating twice.
import { randomUUID } from 'node:crypto';
import type { BusinessEventDto, CollectionDetailDto, CollectionDto, ErrorResponse } from '@infra/contracts';
import { call, profileOf, tokenFor, type ApiResponse } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);

interface Caller {
  token: string;
  organizationId: string;
}

let east: Caller;
let west: Caller;
let acme: Caller;
const created: { who: Caller; id: string }[] = [];

const post = <T = CollectionDetailDto>(who: Caller, body: object, key?: string): Promise<ApiResponse<T>> =>
  call<T>('POST', 'collections', {
    token: who.token,
    organizationId: who.organizationId,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function collectionsNamed(who: Caller, name: string): Promise<CollectionDto[]> {
  const listed = await call<CollectionDto[]>('GET', 'collections', {
    token: who.token,
    organizationId: who.organizationId,
  });
  expect(listed.status).toBe(200);
  return listed.body.filter((collection) => collection.name === name);
}

/** Remembers a created collection for clean-up. */
function keep(who: Caller, response: ApiResponse<CollectionDetailDto>): CollectionDetailDto {
  if (response.status === 201 && !created.some((entry) => entry.id === response.body.id))
    created.push({ who, id: response.body.id });
  return response.body;
}

beforeAll(async () => {
  const admin = (await tokenFor('admin')).accessToken;
  const demo = (await profileOf(admin)).accounts.find((account) => account.slug === 'demo')!;
  const organization = (name: string) => demo.organization.find((entry) => entry.name === name)!.id;
  east = { token: admin, organizationId: organization('Demo East') };
  west = { token: admin, organizationId: organization('Demo West') };
  const acmeToken = (await tokenFor('acme')).accessToken;
  acme = {
    token: acmeToken,
    organizationId: (await profileOf(acmeToken)).accounts.find((a) => a.slug === 'acme')!.organization[0].id,
  };
});

afterAll(async () => {
  for (const { who, id } of created)
    await call('DELETE', `collections/${id}`, { token: who.token, organizationId: who.organizationId });
});

describe('Idempotency-Key on POST collections', () => {
  it('replays the first answer (same status, id, content type) to a retry, and creates one collection', async () => {
    const key = randomUUID();
    const name = `idem-${run}-replay`;
    const first = await post(east, { name }, key);
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    keep(east, first);
    const retry = await post(east, { name }, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(retry.body).toEqual(first.body);
    // Without the key the same body is a second request: the name is taken.
    expect((await post<ErrorResponse>(east, { name })).body.code).toBe('COLLECTION_NAME_TAKEN');
    expect(await collectionsNamed(east, name)).toHaveLength(1);
  });

  it('accepts the draft’s quoted form of the key as the same key', async () => {
    const key = randomUUID();
    const name = `idem-${run}-quoted`;
    const first = keep(east, await post(east, { name }, key));
    const retry = await post(east, { name }, `"${key}"`);
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body.id]).toEqual([201, 'true', first.id]);
  });

  it('answers 422 to the same key with another body, and creates nothing for it', async () => {
    const key = randomUUID();
    keep(east, await post(east, { name: `idem-${run}-first` }, key));
    const other = await post<ErrorResponse>(east, { name: `idem-${run}-other` }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      statusCode: 422,
      message: 'This Idempotency-Key was already used for a different request.',
      errorId: expect.any(String),
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await collectionsNamed(east, `idem-${run}-other`)).toHaveLength(0);
  });

  it('executes twenty concurrent identical requests with one key once (the others: 409 or the replay)', async () => {
    const key = randomUUID();
    const name = `idem-${run}-concurrent`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(east, { name }, key)));
    const executed = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(executed).toHaveLength(1);
    const id = keep(east, executed[0]).id;
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body.id).toBe(id);
      else
        expect([answer.status, (answer.body as unknown as ErrorResponse).code]).toEqual([
          409,
          'IDEMPOTENCY_KEY_IN_FLIGHT',
        ]);
    }
    expect((await collectionsNamed(east, name)).map((collection) => collection.id)).toEqual([id]);
    // Once the first has answered, a retry gets its answer.
    const retry = await post(east, { name }, key);
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body.id]).toEqual([201, 'true', id]);
  });

  it('keeps keys of another organization and of another user apart', async () => {
    const key = randomUUID();
    const name = `idem-${run}-scoped`;
    const inEast = keep(east, await post(east, { name }, key));
    const inWest = await post(west, { name }, key);
    const inAcme = await post(acme, { name }, key);
    for (const [who, answer] of [
      [west, inWest],
      [acme, inAcme],
    ] as const) {
      expect([answer.status, answer.headers.get('idempotent-replayed')]).toEqual([201, null]);
      expect(keep(who, answer).id).not.toBe(inEast.id);
    }
    expect(await collectionsNamed(west, name)).toHaveLength(1);
    expect(await collectionsNamed(acme, name)).toHaveLength(1);
  });

  it('replays a completed 4xx answer too (it is the answer to that request)', async () => {
    const key = randomUUID();
    const name = `idem-${run}-taken`;
    keep(east, await post(east, { name }));
    const first = await post<ErrorResponse>(east, { name }, key);
    expect([first.status, first.body.code]).toEqual([409, 'COLLECTION_NAME_TAKEN']);
    const retry = await post<ErrorResponse>(east, { name }, key);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([409, 'true']);
    expect(retry.body).toEqual(first.body);
  });

  it('refuses a malformed key with 400 and the standard error body, before anything is created', async () => {
    const name = `idem-${run}-bad-key`;
    for (const key of ['x'.repeat(256), 'has space', '"unterminated']) {
      const answer = await post<ErrorResponse>(east, { name }, key);
      expect([answer.status, answer.body.code, answer.body.errorId]).toEqual([
        400,
        'IDEMPOTENCY_KEY_INVALID',
        expect.any(String),
      ]);
    }
    expect(await collectionsNamed(east, name)).toHaveLength(0);
  });

  it('checks the caller before the key: an unauthenticated request is 401 and does not take the key', async () => {
    const key = randomUUID();
    const name = `idem-${run}-after-auth`;
    const anonymous = await call('POST', 'collections', {
      organizationId: east.organizationId,
      body: { name },
      headers: { 'idempotency-key': key },
    });
    expect(anonymous.status).toBe(401);
    const first = await post(east, { name }, key);
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    keep(east, first);
  });
});

describe('Idempotency-Key on POST business-events', () => {
  it('replays the created event to a retry instead of failing on its name', async () => {
    const key = randomUUID();
    const name = `idem-${run}-event`;
    const start = Date.now() + 24 * 60 * 60 * 1000;
    const body = {
      name,
      description: 'Retried_create',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 60 * 60 * 1000).toISOString(),
    };
    const send = () =>
      call<BusinessEventDto>('POST', 'business-events', {
        token: east.token,
        organizationId: east.organizationId,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body.id]).toEqual([
      201,
      'true',
      first.body.id,
    ]);
    const listed = await call<{ items: BusinessEventDto[] }>('GET', `business-events?search=${name}`, {
      token: east.token,
      organizationId: east.organizationId,
    });
    expect(listed.body.items.map((event) => event.id)).toEqual([first.body.id]);
  });
});
