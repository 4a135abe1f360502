import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuditLogEntryDto, Page } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { AuditLogQueryDto } from './audit-log.dto';
import { AuditLogService } from './audit-log.service';

@ApiTags('Tags')
@Controller('tags')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get('getTagsEvents')
  @ApiOperation({ summary: "Tagging audit log, newest first: one tag's entries (id) or the organization's." })
  list(@Caller() caller: CallerContext, @Query() query: AuditLogQueryDto): Promise<Page<AuditLogEntryDto>> {
    return this.auditLog.list(actorOf(caller), query);
  }
}
