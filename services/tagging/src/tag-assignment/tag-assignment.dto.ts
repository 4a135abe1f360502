import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { TAGGING_LIMITS } from '@infra/contracts';

export class AssignTagsDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: TAGGING_LIMITS.assignTagsMax })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TAGGING_LIMITS.assignTagsMax)
  @IsUUID('all', { each: true })
  tagIds!: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: TAGGING_LIMITS.assignAssetsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.assignAssetsMax)
  @IsUUID('all', { each: true })
  assetIds?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: TAGGING_LIMITS.assignCollectionsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.assignCollectionsMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: TAGGING_LIMITS.assignAssetsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.assignAssetsMax)
  @IsUUID('all', { each: true })
  unassignAssetIds?: string[];
}

export class AssignSystemTagsDto {
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: TAGGING_LIMITS.assignAssetsMax,
    description: 'Omitted: every asset of the organization.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.assignAssetsMax)
  @IsUUID('all', { each: true })
  assetIds?: string[];
}
