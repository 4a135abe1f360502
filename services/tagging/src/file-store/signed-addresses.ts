import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FileAddressDto, isUuid, TAGGING_LIMITS } from '@infra/contracts';
import { uploadHeaders } from './file-store';

/** PUT uploads a file to the local store; GET downloads a file (from either store) through this service. */
export type SignedMethod = 'PUT' | 'GET';

/** The query of a signed address: organization, file name, expiry (Unix seconds) and the HMAC. */
export interface SignedQuery {
  o: string;
  f: string;
  e: string;
  s: string;
}

/** The gateway serves the public API below this prefix; the addresses are paths on the product's origin. */
const GATEWAY_PREFIX = '/api/v1';
const ROUTES: Record<SignedMethod, string> = { PUT: 'tag-upload', GET: 'tag-download' };

/**
 * Addresses on this origin signed like S3 presigned URLs: HMAC-SHA256 over method, organization, file name and
 * expiry. The signature is the authorization, so a browser can follow the address without the session's headers.
 */
export class SignedAddresses {
  constructor(
    private readonly signingKey: string,
    private readonly now: () => number = Date.now,
  ) {}

  address(method: SignedMethod, organizationId: string, fileName: string): FileAddressDto {
    const expiresAt = Math.floor(this.now() / 1000) + TAGGING_LIMITS.fileAddressTtlSeconds;
    const e = String(expiresAt);
    const query = new URLSearchParams({
      o: organizationId,
      f: fileName,
      e,
      s: this.sign(method, organizationId, fileName, e),
    });
    return {
      url: `${GATEWAY_PREFIX}/files/${ROUTES[method]}?${query.toString()}`,
      method,
      headers: method === 'PUT' ? uploadHeaders(fileName) : {},
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /** The organization and file a signed query names, or undefined when the signature is wrong or expired. */
  verify(method: SignedMethod, query: Partial<SignedQuery>): { organizationId: string; fileName: string } | undefined {
    const { o, f, e, s } = query;
    if (!o || !f || !e || !s || !isUuid(o) || !/^\d{1,12}$/.test(e)) return undefined;
    if (Number(e) * 1000 < this.now()) return undefined;
    const expected = Buffer.from(this.sign(method, o, f, e), 'hex');
    const given = Buffer.from(s, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { organizationId: o.toLowerCase(), fileName: f };
  }

  private sign(method: SignedMethod, organizationId: string, fileName: string, expiry: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${method}\n${organizationId.toLowerCase()}\n${fileName}\n${expiry}`)
      .digest('hex');
  }
}
