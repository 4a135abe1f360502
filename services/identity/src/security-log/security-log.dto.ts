import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SECURITY_EVENT_KINDS, SECURITY_LOG_LIMITS, type SecurityEventQuery } from '@infra/contracts';
import { NoControlCharacters, PageNumberField, PageSizeField } from '@infra/platform';

const KIND = `(${SECURITY_EVENT_KINDS.join('|')})`;

export class SecurityEventQueryDto implements SecurityEventQuery {
  @ApiPropertyOptional({ description: "Part of the actor's email (case-insensitive)." })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(SECURITY_LOG_LIMITS.actorFilterMaxLength)
  actor?: string;

  @ApiPropertyOptional({ description: `Comma-separated kinds: ${SECURITY_EVENT_KINDS.join(', ')}.` })
  @IsOptional()
  @IsString()
  @Matches(new RegExp(`^${KIND}(,${KIND})*$`), { message: `kinds must be a comma-separated list of known kinds` })
  kinds?: string;

  @PageNumberField(100_000)
  page?: number;

  @PageSizeField(SECURITY_LOG_LIMITS.pageSizeMax)
  pageSize?: number;
}
