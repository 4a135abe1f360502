import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** An optional whole number of a query string from 1 to `max` (text in the URL, a number in the dto). */
const optionalQueryInt = (max: number, defaultValue: number) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: defaultValue }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(max),
  );

/** `page` of a paged list: 1 (the default) and up; `max` keeps the offset in the range an index can serve. */
export const PageNumberField = (max = 1_000_000) => optionalQueryInt(max, 1);

/** `pageSize` of a paged list: 1 to the list's own limit, 10 by default. */
export const PageSizeField = (max: number) => optionalQueryInt(max, 10);
