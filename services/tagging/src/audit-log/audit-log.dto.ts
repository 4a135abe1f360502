import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { TAGGING_LIMITS } from '@infra/contracts';
import { PageNumberField, PageSizeField } from '@infra/platform';

export class AuditLogQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "A tag's id: its entries only. Omitted: the organization's." })
  @IsOptional()
  @IsUUID()
  id?: string;

  @PageNumberField(100_000)
  page?: number;

  @PageSizeField(TAGGING_LIMITS.auditPageSizeMax)
  pageSize?: number;
}
