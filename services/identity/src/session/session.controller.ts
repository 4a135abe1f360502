import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { ACCESS_TOKEN, IDENTITY_MESSAGES, LoginResponse, REFRESH_TOKEN_COOKIE, TokenResponse } from '@infra/contracts';
import { NoCallerContext } from '@infra/platform';
import { toUserDto } from '../accounts/identity.mapper';
import { IdentityEnv } from '../identity.env';
import { LoginDto, RefreshDto } from './session.dto';
import { SessionService } from './session.service';

function cookiesOf(req: Request): Record<string, string> {
  const header = req.headers.cookie ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([name, value]) => name && value !== undefined)
      .map(([name, ...rest]) => [name, decodeURIComponent(rest.join('='))]),
  );
}

function clientIp(req: Request): string {
  const forwarded = req.headers['x-forwarded-for'];
  return (typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '') || req.ip || 'unknown';
}

/** Only same-site paths: an attacker-supplied returnTo must never send users elsewhere. */
export function safeReturnTo(candidate: string | undefined): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/api/'))
    return '/';
  return candidate;
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
    const refreshToken = cookiesOf(req)[REFRESH_TOKEN_COOKIE];
    if (refreshToken) {
      try {
        this.setSessionCookies(res, await this.sessions.refresh(refreshToken));
        res.redirect(302, target);
        return;
      } catch (error) {
        if (!(error instanceof UnauthorizedException)) throw error;
      }
    }
    this.clearSessionCookies(res);
    res.redirect(302, `/signin${target === '/' ? '' : `?returnTo=${encodeURIComponent(target)}`}`);
  }

  @Post('session/login')
  @HttpCode(200)
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

  @Get('session/logout')
  async logoutAndLeave(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.logout(cookiesOf(req)[REFRESH_TOKEN_COOKIE]);
    this.clearSessionCookies(res);
    res.redirect(302, '/loggedout');
  }

  @Post('session/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logout(cookiesOf(req)[REFRESH_TOKEN_COOKIE]);
    this.clearSessionCookies(res);
  }

  /** API clients: credentials (and the MFA code when enrolled) for a bearer token pair. */
  @Post('auth/token')
  @HttpCode(200)
  async token(@Body() body: LoginDto, @Req() req: Request): Promise<TokenResponse> {
    const result = await this.sessions.login(body.email, body.password, body.code, clientIp(req));
    if (result.mfaRequired) throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCode);
    return result.tokens;
  }

  @Post('auth/refresh')
  @HttpCode(200)
  refresh(@Body() body: RefreshDto): Promise<TokenResponse> {
    return this.sessions.refresh(body.refreshToken);
  }
}
