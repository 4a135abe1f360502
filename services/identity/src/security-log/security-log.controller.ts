import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SecurityEventPage } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { SecurityEventQueryDto } from './security-log.dto';
import { SecurityLogService } from './security-log.service';

/** The account's security log (Admin → Account → Security log), for the account's Admins. */
@ApiTags('Security log')
@Controller('accounts/:id')
export class SecurityLogController {
  constructor(private readonly log: SecurityLogService) {}

  @Get('security-events')
  @ApiOperation({ summary: 'Security events of the account, newest first, filtered by actor and kinds.' })
  list(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: SecurityEventQueryDto,
  ): Promise<SecurityEventPage> {
    return this.log.page(caller, id, query);
  }

  @Get('security-events.csv')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The same events as CSV (the newest 100,000 of the filter).' })
  async csv(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: SecurityEventQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const content = await this.log.csv(caller, id, query);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="security-log.csv"');
    res.setHeader('cache-control', 'no-store');
    res.status(200).send(content);
  }
}
