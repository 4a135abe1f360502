import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import {
  ACCESS_TOKEN,
  LoginResponse,
  REFRESH_TOKEN_COOKIE,
  safeReturnTo,
  SessionErrorCode,
  TokenResponse,
} from '@infra/contracts';
import { DomainError, NoCallerContext } from '@infra/platform';
import { toUserDto } from '../accounts/identity.mapper';
import { IdentityEnv } from '../identity.env';
import { LoginDto, RefreshDto } from './session.dto';
import { sessionError } from './session.errors';
import { SessionService } from './session.service';

/** Token answers must never be kept by a browser or proxy cache. */
const NO_STORE = 'no-store';

/** A cookie parsed by cookie-parser (a badly encoded value is left as it came, never a 500). */
function cookieOf(req: Request, name: string): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The client address as Express computes it: `trust proxy` admits exactly the gateway's hop, so a client
 * cannot choose its own address with `X-Forwarded-For`.
 */
function clientIp(req: Request): string {
  return req.ip ?? 'unknown';
}

function returnToFrom(req: Request, query: string | undefined): string {
  if (query) return safeReturnTo(query);
  const referer = req.headers.referer;
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return safeReturnTo(`${url.pathname}${url.search}`);
  } catch {
    return '/';
  }
}

/**
 * Sign-in and sign-out (`/api/login`, `/api/logout` through the gateway) for the web app, with httpOnly
 * cookies; `auth/token` and `auth/refresh` for API clients, with bearer tokens.
 */
@ApiTags('Auth')
@NoCallerContext()
@Controller()
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly env: IdentityEnv,
  ) {}

  private cookieOptions(overrides: CookieOptions): CookieOptions {
    return { httpOnly: true, secure: this.env.COOKIE_SECURE === 'true', ...overrides };
  }

  private setSessionCookies(res: Response, tokens: TokenResponse): void {
    res.cookie(
      ACCESS_TOKEN.cookie,
      tokens.accessToken,
      this.cookieOptions({ sameSite: 'lax', path: '/', maxAge: tokens.expiresIn * 1000 }),
    );
    res.cookie(
      REFRESH_TOKEN_COOKIE,
      tokens.refreshToken,
      this.cookieOptions({ sameSite: 'strict', path: '/api', maxAge: this.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000 }),
    );
  }

  private clearSessionCookies(res: Response): void {
    res.clearCookie(ACCESS_TOKEN.cookie, this.cookieOptions({ sameSite: 'lax', path: '/' }));
    res.clearCookie(REFRESH_TOKEN_COOKIE, this.cookieOptions({ sameSite: 'strict', path: '/api' }));
  }

  /** The login location every 401 leads to: renew the session silently if the refresh cookie allows, else the sign-in page. */
  @Get('session/login')
  async loginLocation(@Req() req: Request, @Res() res: Response, @Query('returnTo') returnTo?: string): Promise<void> {
    const target = returnToFrom(req, returnTo);
    const refreshToken = cookieOf(req, REFRESH_TOKEN_COOKIE);
    res.setHeader('Cache-Control', NO_STORE);
    if (refreshToken) {
      try {
        this.setSessionCookies(res, await this.sessions.refresh(refreshToken));
        res.redirect(302, target);
        return;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === SessionErrorCode.InvalidRefreshToken)) throw error;
      }
    }
    this.clearSessionCookies(res);
    res.redirect(302, `/signin${target === '/' ? '' : `?returnTo=${encodeURIComponent(target)}`}`);
  }

  @Post('session/login')
  @HttpCode(200)
  @Header('Cache-Control', NO_STORE)
  @ApiOkResponse({ description: 'mfaRequired, or the signed-in user with session cookies set' })
  async login(
    @Body() body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const result = await this.sessions.login(body.email, body.password, body.code, clientIp(req));
    if (result.mfaRequired) return { mfaRequired: true };
    this.setSessionCookies(res, result.tokens);
    return { mfaRequired: false, user: toUserDto(result.user) };
  }

  /** Sign-out is POST only: a link or an image on another page must not end the session. */
  @Post('session/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logout(cookieOf(req, REFRESH_TOKEN_COOKIE));
    this.clearSessionCookies(res);
  }

  /** API clients: credentials (and the MFA code when enrolled) for a bearer token pair. */
  @Post('auth/token')
  @HttpCode(200)
  @Header('Cache-Control', NO_STORE)
  async token(@Body() body: LoginDto, @Req() req: Request): Promise<TokenResponse> {
    const result = await this.sessions.login(body.email, body.password, body.code, clientIp(req));
    if (result.mfaRequired) throw sessionError(SessionErrorCode.InvalidCode);
    return result.tokens;
  }

  @Post('auth/refresh')
  @HttpCode(200)
  @Header('Cache-Control', NO_STORE)
  refresh(@Body() body: RefreshDto): Promise<TokenResponse> {
    return this.sessions.refresh(body.refreshToken);
  }
}
