import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { TAGGING_LIMITS } from '@infra/contracts';

export class AuditLogQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "A tag's id: its entries only. Omitted: the organization's." })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: TAGGING_LIMITS.auditPageSizeMax, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(TAGGING_LIMITS.auditPageSizeMax)
  pageSize?: number;
}
