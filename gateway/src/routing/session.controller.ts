import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ProxyService } from './proxy.service';
import { normalisePipes } from './api-proxy.middleware';

/** Sign-in and sign-out live outside /api/v1 (spec §7); identity implements them. */
@ApiTags('Auth')
@Controller('api')
export class SessionController {
  constructor(private readonly proxy: ProxyService) {}

  @All('login')
  login(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.toIdentity(req, res);
  }

  @All('logout')
  logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.toIdentity(req, res);
  }

  /** /api/login → identity /session/login (same for logout), with the session cookies. */
  private toIdentity(req: Request, res: Response): Promise<void> {
    const upstreamPath = normalisePipes(req.originalUrl.replace(/^\/api/, '/session'));
    return this.proxy.forward(req, res, 'identity', upstreamPath, undefined, { withSessionCookies: true });
  }
}
