import type { Request } from 'express';
import { createSecretKey } from 'node:crypto';
import { ACCESS_TOKEN } from '@infra/contracts';
import { ExtractJwt, Strategy, StrategyOptionsWithoutRequest } from 'passport-jwt';

/** Claims of our access tokens (issued by identity, verified here). */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  /** Platform-wide System Admin. */
  sa: boolean;
  /** Session id (one per sign-in); signing out revokes it. */
  sid: string;
}

function fromCookie(req: Request): string | null {
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
  return cookies?.[ACCESS_TOKEN.cookie] ?? null;
}

/**
 * passport-jwt strategy: the web app's httpOnly cookie, or a bearer token for API clients.
 * The algorithm is pinned (no `none`, no RS/HS confusion), and issuer and audience are checked.
 */
export function accessTokenStrategy(secret: string): Strategy {
  const options: StrategyOptionsWithoutRequest = {
    jwtFromRequest: ExtractJwt.fromExtractors([fromCookie, ExtractJwt.fromAuthHeaderAsBearerToken()]),
    // A KeyObject, not a string: jsonwebtoken otherwise re-derives (and first tries to parse as a public key) on every request.
    secretOrKey: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string,
    algorithms: ['HS256'],
    issuer: ACCESS_TOKEN.issuer,
    audience: ACCESS_TOKEN.audience,
  };
  return new Strategy(options, (claims: AccessTokenClaims & { typ?: string }, done) => {
    if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sid !== 'string')
      return done(null, false);
    return done(null, { sub: claims.sub, email: claims.email, sa: claims.sa === true, sid: claims.sid });
  });
}
