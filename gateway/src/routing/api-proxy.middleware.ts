import {
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NestMiddleware,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { ApiKeyErrorCode, ORGANIZATION_HEADER } from '@infra/contracts';
import { CallerContextSigner } from '@infra/platform';
import type { AccessTokenClaims } from '../auth/access-token';
import { apiKeyError, apiKeyOf, ApiKeyVerifier } from '../auth/api-keys';
import { RevokedSessions } from '../auth/revoked-sessions';
import { TenancyService } from '../auth/tenancy.service';
import type { IdempotencyScope } from '../idempotency/idempotency.store';
import { IdempotentForwarder } from '../idempotency/idempotent-forwarder';
import { API_PREFIX } from './api-prefix';
import { ProxyService } from './proxy.service';
import { ROLE_RANK, RouteMatcher, RouteRule } from './route-table';

/**
 * `|` separates list values in query strings (tagIds=a|b). Browsers send it raw or encoded; services
 * always receive it encoded as %7C, the form the web client sends (spec §7).
 */
export function normalisePipes(url: string): string {
  return url.replace(/\|/g, '%7C');
}

function verifyAccessToken(req: Request, res: Response): Promise<AccessTokenClaims | undefined> {
  return new Promise((resolve, reject) => {
    passport.authenticate('jwt', { session: false }, (error: unknown, user: AccessTokenClaims | false) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(user || undefined);
    })(req, res, () => undefined);
  });
}

function assertRole(rule: RouteRule, role: keyof typeof ROLE_RANK): void {
  if (rule.minRole && ROLE_RANK[role] < ROLE_RANK[rule.minRole]) {
    throw new ForbiddenException(`This requires the ${rule.minRole} role`);
  }
}

/**
 * Some calls also name the organization in the query (spec §6 and §7: `tags/validate/import?organizationId=`). It
 * must be the organization the request acts in (the header's, or an API key's); the gateway checks it and removes it,
 * so services see one source of the tenant: the signed caller context.
 */
export function withoutOrganizationQuery(upstreamPath: string, organizationId: string): string {
  const queryStart = upstreamPath.indexOf('?');
  if (queryStart === -1) return upstreamPath;
  const query = new URLSearchParams(upstreamPath.slice(queryStart + 1));
  const named = query.getAll('organizationId');
  if (named.length === 0) return upstreamPath;
  if (named.some((value) => value !== organizationId))
    throw new ForbiddenException('The organizationId query parameter must name the organization of the request');
  query.delete('organizationId');
  const rest = normalisePipes(query.toString());
  return `${upstreamPath.slice(0, queryStart)}${rest ? `?${rest}` : ''}`;
}

/**
 * A planned route (in the spec, not served by its service yet) answers 501 once the caller has passed every
 * check the real route will have, so authentication and tenancy behave the same before and after it ships.
 */
function assertServed(rule: RouteRule): void {
  if (rule.planned) {
    throw new HttpException(
      `${rule.method} ${API_PREFIX}/${rule.path} is planned but not implemented yet by the ${rule.service} service`,
      HttpStatus.NOT_IMPLEMENTED,
    );
  }
}

/**
 * The gateway's one job per /api/v1 request: find the owning service, authenticate, check the
 * organization membership, sign the caller context, forward.
 */
@Injectable()
export class ApiProxyMiddleware implements NestMiddleware {
  constructor(
    private readonly matcher: RouteMatcher,
    private readonly proxy: ProxyService,
    private readonly tenancy: TenancyService,
    private readonly signer: CallerContextSigner,
    private readonly revokedSessions: RevokedSessions,
    private readonly apiKeys: ApiKeyVerifier,
    private readonly idempotent: IdempotentForwarder,
  ) {}

  /** A valid access token whose session was not signed out. */
  private async authenticate(req: Request, res: Response): Promise<AccessTokenClaims | undefined> {
    const claims = await verifyAccessToken(req, res);
    if (!claims) return undefined;
    return (await this.revokedSessions.isRevoked(claims.sid)) ? undefined : claims;
  }

  /**
   * A request that presents an API key is authenticated by the key alone (a cookie beside it is ignored, so a key
   * never borrows a browser session's rights). A key calls only organization routes of its own organization, with
   * its role; the organizationId header may be left out. Public routes are served as to anyone.
   */
  private async forwardWithApiKey(
    req: Request,
    res: Response,
    rule: RouteRule,
    upstreamPath: string,
    secret: string,
  ): Promise<void> {
    if (rule.access === 'public') {
      assertServed(rule);
      return this.proxy.forward(req, res, rule.service, upstreamPath);
    }
    const key = await this.apiKeys.verify(secret, req.ip ?? 'unknown');
    if (rule.access !== 'organization') throw apiKeyError(ApiKeyErrorCode.RouteNotAllowed);
    const organizationId = req.headers[ORGANIZATION_HEADER];
    if (typeof organizationId === 'string' && organizationId !== '' && organizationId !== key.organizationId) {
      throw apiKeyError(ApiKeyErrorCode.WrongOrganization);
    }
    assertRole(rule, key.role);
    assertServed(rule);
    const context = await this.signer.sign(
      {
        userId: key.userId,
        systemAdmin: false,
        accountId: key.accountId,
        organizationId: key.organizationId,
        role: key.role,
        apiKeyId: key.keyId,
      },
      rule.service,
    );
    return this.forwardSignedIn(req, res, rule, withoutOrganizationQuery(upstreamPath, key.organizationId), context, {
      caller: `api-key:${key.keyId}`,
      organizationId: key.organizationId,
    });
  }

  /**
   * Forwards a request that passed every check (so a refused request never takes an Idempotency-Key), with its
   * Idempotency-Key honoured in the caller's scope, unless the answer carries a secret that must not be kept.
   */
  private forwardSignedIn(
    req: Request,
    res: Response,
    rule: RouteRule,
    upstreamPath: string,
    context: string,
    scope: IdempotencyScope,
  ): Promise<void> {
    if (rule.answersSecret) return this.proxy.forward(req, res, rule.service, upstreamPath, context);
    return this.idempotent.forward(req, res, rule.service, upstreamPath, context, scope);
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const url = normalisePipes(req.originalUrl);
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    if (pathname === API_PREFIX || pathname === `${API_PREFIX}/`) return next();
    const path = pathname.slice(API_PREFIX.length + 1);
    const match = this.matcher.match(req.method, path);
    if (!match) {
      const allowed = this.matcher.methodsFor(path);
      if (allowed.length > 0) {
        res.setHeader('Allow', allowed.join(', '));
        throw new HttpException(`Method ${req.method} is not allowed on ${pathname}`, HttpStatus.METHOD_NOT_ALLOWED);
      }
      throw new NotFoundException(`Cannot ${req.method} ${pathname}`);
    }
    res.locals.routeLabel = `${API_PREFIX}/${match.rule.path}`;
    // The proxy refuses bodies past this (the gateway's BODY_LIMIT unless the route takes files).
    res.locals.bodyLimitBytes = match.rule.bodyLimitBytes;
    const upstreamPath = `/${path}${queryStart === -1 ? '' : url.slice(queryStart)}`;
    const apiKey = apiKeyOf(req);
    if (apiKey !== undefined) return this.forwardWithApiKey(req, res, match.rule, upstreamPath, apiKey);
    const claims = await this.authenticate(req, res);
    if (!claims) {
      if (match.rule.access !== 'public') throw new UnauthorizedException('Unauthorized');
      assertServed(match.rule);
      return this.proxy.forward(req, res, match.rule.service, upstreamPath);
    }
    // Public routes still receive the caller when one is signed in (e.g. resetting one's own password).
    const caller = {
      userId: claims.sub,
      email: claims.email,
      systemAdmin: claims.sa,
      accountId: null,
      organizationId: null,
      role: null,
    };
    if (match.rule.access !== 'organization') {
      if (match.rule.minRole === 'System Admin' && !claims.sa)
        throw new ForbiddenException('Only a System Admin can do this');
      assertServed(match.rule);
      // The gateway's own answer (a Nest controller below /api/v1), with the authenticated caller.
      if (match.rule.answeredByGateway) {
        res.locals.caller = caller;
        return next();
      }
      const context = await this.signer.sign(caller, match.rule.service);
      // Public routes (sign-in, token refresh, password reset, signed uploads) take no Idempotency-Key: their
      // answers carry tokens, which are never stored.
      if (match.rule.access === 'public')
        return this.proxy.forward(req, res, match.rule.service, upstreamPath, context);
      return this.forwardSignedIn(req, res, match.rule, upstreamPath, context, {
        caller: `user:${claims.sub}`,
        organizationId: null,
      });
    }
    const organizationId = req.headers[ORGANIZATION_HEADER];
    if (typeof organizationId !== 'string' || organizationId === '') {
      throw new HttpException('The organizationId header is required', HttpStatus.BAD_REQUEST);
    }
    const membership = await this.tenancy.membership(claims.sub, organizationId, claims.sa);
    if (!membership) throw new ForbiddenException('You do not have access to this organization');
    assertRole(match.rule, membership.role);
    assertServed(match.rule);
    const context = await this.signer.sign({ ...caller, ...membership }, match.rule.service);
    const scopedPath = withoutOrganizationQuery(upstreamPath, membership.organizationId);
    return this.forwardSignedIn(req, res, match.rule, scopedPath, context, {
      caller: `user:${claims.sub}`,
      organizationId: membership.organizationId,
    });
  }
}
