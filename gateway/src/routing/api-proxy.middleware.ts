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
import { ORGANIZATION_HEADER } from '@infra/contracts';
import { signCallerContext } from '@infra/platform';
import type { AccessTokenClaims } from '../auth/access-token';
import { RevokedSessions } from '../auth/revoked-sessions';
import { TenancyService } from '../auth/tenancy.service';
import { GatewayEnv } from '../gateway.env';
import { ProxyService } from './proxy.service';
import { ROLE_RANK, RouteMatcher, RouteRule } from './route-table';

export const API_PREFIX = '/api/v1';

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
 * The gateway's one job per /api/v1 request: find the owning service, authenticate, check the
 * organization membership, sign the caller context, forward.
 */
@Injectable()
export class ApiProxyMiddleware implements NestMiddleware {
  constructor(
    private readonly matcher: RouteMatcher,
    private readonly proxy: ProxyService,
    private readonly tenancy: TenancyService,
    private readonly env: GatewayEnv,
    private readonly revokedSessions: RevokedSessions,
  ) {}

  /** A valid access token whose session was not signed out. */
  private async authenticate(req: Request, res: Response): Promise<AccessTokenClaims | undefined> {
    const claims = await verifyAccessToken(req, res);
    if (!claims) return undefined;
    return (await this.revokedSessions.isRevoked(claims.sid)) ? undefined : claims;
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
    const upstreamPath = `/${path}${queryStart === -1 ? '' : url.slice(queryStart)}`;
    const claims = await this.authenticate(req, res);
    if (!claims) {
      if (match.rule.access !== 'public') throw new UnauthorizedException('Unauthorized');
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
      return this.proxy.forward(
        req,
        res,
        match.rule.service,
        upstreamPath,
        signCallerContext(caller, this.env.internalContextSecret),
      );
    }
    const organizationId = req.headers[ORGANIZATION_HEADER];
    if (typeof organizationId !== 'string' || organizationId === '') {
      throw new HttpException('The organizationId header is required', HttpStatus.BAD_REQUEST);
    }
    const membership = await this.tenancy.membership(claims.sub, organizationId, claims.sa);
    if (!membership) throw new ForbiddenException('You do not have access to this organization');
    assertRole(match.rule, membership.role);
    const context = signCallerContext({ ...caller, ...membership }, this.env.internalContextSecret);
    return this.proxy.forward(req, res, match.rule.service, upstreamPath, context);
  }
}
