import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { NoCallerContext } from '../caller-context';
import { HealthRegistry } from './health.registry';

@ApiExcludeController()
@NoCallerContext()
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Liveness: the process answers. Never checks dependencies (a DB outage must not restart pods). */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: every dependency this process needs answers; 503 otherwise. */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const result = await this.registry.run();
    res
      .status(result.ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .json({ status: result.ok ? 'ok' : 'unavailable', checks: result.checks });
  }
}
