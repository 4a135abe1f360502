import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { queryList } from '@infra/platform';

/** Most ids in one filter of an analysis. */
export const FILTER_MAX_IDS = 100;

/** The query of every analysis. An asset takes no filter, a collection only tags (the others are checked, unused). */
export class AnalysisQueryDto {
  @ApiPropertyOptional({
    type: String,
    description:
      '`24h`, `7d`, `30d` (the default), `90d`, `12m`, their labels ("Last 7 Days") or an ISO 8601 interval ' +
      '`start/end`; anything else is refused with ANALYTICS_HORIZON_INVALID.',
  })
  // resolveHorizon judges it, with its own error code.
  @Allow()
  timeHorizon?: unknown;

  @ApiPropertyOptional({ description: `Tag ids, comma- or pipe-separated (at most ${FILTER_MAX_IDS}).` })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(FILTER_MAX_IDS)
  @IsUUID('all', { each: true })
  tagIds?: string[];

  @ApiPropertyOptional({
    description: `Collection ids, comma- or pipe-separated (at most ${FILTER_MAX_IDS}; organizations and views).`,
  })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(FILTER_MAX_IDS)
  @IsUUID('all', { each: true })
  collectionIds?: string[];
}
