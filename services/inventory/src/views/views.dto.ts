import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import {
  INVENTORY_LIMITS,
  TIME_HORIZONS,
  type TimeHorizon,
  VIEW_DESCRIPTION_PATTERN,
  VIEW_NAME_PATTERN,
} from '@infra/contracts';
import { AssetFilterQueryDto } from '../assets/assets.dto';

/** `PATCH views`: a view's name, description and filter; with `id`, the update of that view. */
export class SaveViewDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The view to update; omitted creates one.' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ maxLength: 30, pattern: VIEW_NAME_PATTERN.source })
  @IsString()
  @Matches(VIEW_NAME_PATTERN, {
    message: 'name must be 1 to 30 letters, digits, _ or - characters',
  })
  name!: string;

  @ApiPropertyOptional({ maxLength: 256, pattern: VIEW_DESCRIPTION_PATTERN.source })
  @IsOptional()
  @IsString()
  @Matches(VIEW_DESCRIPTION_PATTERN, {
    message: 'description must be at most 256 letters, digits, _ , or - characters',
  })
  description?: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  tagIds?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];

  @ApiPropertyOptional({ enum: TIME_HORIZONS, default: 'Last 30 Days' })
  @IsOptional()
  @IsIn(TIME_HORIZONS)
  timeHorizon?: TimeHorizon;
}

/** `GET views/summary`: the filter a view would save. */
export class ViewSummaryQueryDto extends AssetFilterQueryDto {}
