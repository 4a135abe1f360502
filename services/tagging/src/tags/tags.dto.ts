import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  LIMITS,
  TAG_DESCRIPTION_PATTERN,
  TAG_KEY_PATTERN,
  TAG_RULE_MESSAGES,
  TAG_STATUSES,
  TAG_VALUE_PATTERN,
  TAGGING_LIMITS,
  type TagStatus,
} from '@infra/contracts';
import { LargeArrayBodyPipe, NoControlCharacters, queryBoolean, queryList } from '@infra/platform';

/** A key or value that was not given: "required", not the rule of a filled one. */
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** One tag of `POST tags/batch`; the spec's rules (§5) with the messages the web form shows (a non-string fails the pattern). */
export class NewTagDto {
  @ApiProperty({ maxLength: LIMITS.tagKeyMaxLength, pattern: TAG_KEY_PATTERN.source })
  @Matches(TAG_KEY_PATTERN, {
    message: ({ value }) => (isBlank(value) ? TAG_RULE_MESSAGES.keyRequired : TAG_RULE_MESSAGES.key),
  })
  key!: string;

  @ApiProperty({ maxLength: LIMITS.tagValueMaxLength, pattern: TAG_VALUE_PATTERN.source })
  @Matches(TAG_VALUE_PATTERN, {
    message: ({ value }) => (isBlank(value) ? TAG_RULE_MESSAGES.valueRequired : TAG_RULE_MESSAGES.value),
  })
  value!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.tagDescriptionMaxLength, pattern: TAG_DESCRIPTION_PATTERN.source })
  @IsOptional()
  @Matches(TAG_DESCRIPTION_PATTERN, { message: TAG_RULE_MESSAGES.description })
  description?: string;
}

/** The documented `POST tags/batch` body and the reference for its messages (the route uses `createTagsBodyPipe`). */
export class CreateTagsDto {
  @ApiProperty({ type: [NewTagDto], minItems: 1, maxItems: TAGGING_LIMITS.createBatchMax })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TAGGING_LIMITS.createBatchMax)
  // ValidateNested lets a non-object item (`[[]]`) through; it answered 500.
  @IsObject({ each: true, message: 'each item of tags must be an object' })
  @ValidateNested({ each: true })
  @Type(() => NewTagDto)
  tags!: NewTagDto[];
}

export class UpdateTagDto {
  @ApiPropertyOptional({ maxLength: LIMITS.tagDescriptionMaxLength, pattern: TAG_DESCRIPTION_PATTERN.source })
  @IsOptional()
  @Matches(TAG_DESCRIPTION_PATTERN, { message: TAG_RULE_MESSAGES.description })
  description?: string;

  @ApiPropertyOptional({
    description: 'true archives the tag (hidden from pickers, kept for history); false restores it.',
  })
  @IsOptional()
  @IsBoolean()
  archived?: boolean;
}

export class TagListQueryDto {
  @ApiPropertyOptional({ description: 'Tag ids (comma- or pipe-separated).' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  tagIds?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the tags this asset carries.' })
  @IsOptional()
  @IsUUID()
  assetId?: string;

  @ApiPropertyOptional({ description: 'Collection ids: tags carried by at least one of their members.' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(TAGGING_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];

  @ApiPropertyOptional({ description: 'Also list system tags (site, instance type).' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  includeSystemTags?: boolean;

  @ApiPropertyOptional({ description: 'Add the ids of the assets carrying each tag.' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  includeTagAssets?: boolean;

  @ApiPropertyOptional({ description: `Statuses (comma-separated) of ${TAG_STATUSES.join(', ')}.` })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @IsIn(TAG_STATUSES, { each: true })
  status?: TagStatus[];

  @ApiPropertyOptional({ description: 'Text in the key, value or description.' })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(200)
  search?: string;
}

/** `CreateTagsDto` without its items' rules (`createTagsBodyPipe` checks them in a loop). */
export class CreateTagsEnvelopeDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TAGGING_LIMITS.createBatchMax)
  tags!: unknown[];
}

/** `NewTagDto`'s rules in plain code: a tag it accepts as it is (no other key, nothing to transform). */
export function isValidNewTag(item: unknown): boolean {
  if (typeof item !== 'object' || item === null || Object.getPrototypeOf(item) !== Object.prototype) return false;
  for (const key of Object.keys(item)) if (key !== 'key' && key !== 'value' && key !== 'description') return false;
  const { key, value, description } = item as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    matches(key, TAG_KEY_PATTERN) &&
    typeof value === 'string' &&
    matches(value, TAG_VALUE_PATTERN) &&
    (description === undefined ||
      description === null ||
      (typeof description === 'string' && matches(description, TAG_DESCRIPTION_PATTERN)))
  );
}

/**
 * `POST tags/batch` takes 5000 tags: as class-validator instances they took 70 ms of a quiet core (700 ms of a busy
 * one) during which the service answered nothing else; checked in a loop that yields, they take a few.
 */
export const createTagsBodyPipe = () =>
  new LargeArrayBodyPipe<CreateTagsDto>({
    dto: CreateTagsDto,
    envelope: CreateTagsEnvelopeDto,
    property: 'tags',
    isValidItem: isValidNewTag,
  });
