import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { InventoryErrorCode } from '@infra/contracts';
import { CallerContextSigner, CallerContextVerifier, type CallerContext, DomainError } from '@infra/platform';
import type { Membership, TenancyService } from '../auth/tenancy.service';
import type { GatewayEnv } from '../gateway.env';
import { Upstreams } from '../routing/upstreams';
import { EntityLocator } from './entity-locator';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = CallerContextSigner.fromBase64(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
const verifier = CallerContextVerifier.fromBase64(
  publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  'inventory',
);

const ASSET = '0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a';
const OURS = '11111111-1111-4111-8111-111111111111';
const SIBLING = '22222222-2222-4222-8222-222222222222';
const user: CallerContext = { userId: 'u1', systemAdmin: false, accountId: null, organizationId: null, role: null };

/** A stand-in for inventory's internal locate: the asset lives in SIBLING. */
interface Received {
  path: string;
  organizationIds: string[];
  systemAdmin: boolean | undefined;
}
let server: Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void verifier.verify(req.headers['x-caller-context'] as string).then((context) => {
        const { organizationIds } = JSON.parse(body) as { organizationIds: string[] };
        received.push({ path: req.url ?? '', organizationIds, systemAdmin: context?.systemAdmin });
        const found =
          req.url === `/internal/locate/asset/${ASSET}` && (context?.systemAdmin || organizationIds.includes(SIBLING));
        res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(found ? { organizationId: SIBLING } : { statusCode: 404 }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (received.length = 0));

function locator(organizations: string[], member = true) {
  const tenancy = {
    organizationsOf: () => Promise.resolve(organizations),
    membership: (_userId: string, organizationId: string, systemAdmin: boolean): Promise<Membership | null> =>
      Promise.resolve(
        member ? { accountId: 'acc-2', organizationId, role: systemAdmin ? 'System Admin' : 'User' } : null,
      ),
  } as unknown as TenancyService;
  return new EntityLocator(new Upstreams({ serviceUrls: () => [url] } as unknown as GatewayEnv), tenancy, signer);
}

async function failure(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof DomainError) return `${error.status} ${error.code} ${error.message}`;
  return `${(error as { status?: number }).status ?? 'no status'}`;
}

describe('EntityLocator (GET locate/{kind}/{id})', () => {
  it("finds the entity among the caller's organizations only, with its account", async () => {
    const found = await locator([OURS, SIBLING]).locate(user, 'asset', ASSET);
    expect(found).toEqual({ kind: 'asset', id: ASSET, organizationId: SIBLING, accountId: 'acc-2' });
    expect(received).toEqual([
      { path: `/internal/locate/asset/${ASSET}`, organizationIds: [OURS, SIBLING], systemAdmin: false },
    ]);
  });

  it('answers an entity outside the caller organizations as an unknown one: the same 404, the same work', async () => {
    const outside = await failure(locator([OURS]).locate(user, 'asset', ASSET));
    const unknown = await failure(locator([OURS]).locate(user, 'asset', '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b'));
    expect(outside).toBe(`404 ${InventoryErrorCode.AssetNotFound} Oops! Asset Not Found`);
    expect(unknown).toBe(outside);
    expect(received.map((request) => request.organizationIds)).toEqual([[OURS], [OURS]]);
  });

  it('names the kind in the 404 (collection, view)', async () => {
    expect(await failure(locator([SIBLING]).locate(user, 'view', ASSET))).toBe(
      `404 ${InventoryErrorCode.ViewNotFound} Oops! View Not Found`,
    );
  });

  it('is not found when the membership went away meanwhile', async () => {
    expect(await failure(locator([SIBLING], false).locate(user, 'asset', ASSET))).toContain('404');
  });

  it('lets inventory search every organization for a System Admin (the signed context says so, not a list)', async () => {
    const found = await locator([]).locate({ ...user, systemAdmin: true }, 'asset', ASSET);
    expect(found.organizationId).toBe(SIBLING);
    expect(received).toEqual([{ path: `/internal/locate/asset/${ASSET}`, organizationIds: [], systemAdmin: true }]);
  });

  it('refuses a malformed id with a 400 before any look-up', async () => {
    expect(await failure(locator([SIBLING]).locate(user, 'asset', "1' OR '1'='1"))).toBe('400');
    expect(received).toEqual([]);
  });
});
