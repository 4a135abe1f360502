import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  isISO8601,
  isNumber,
  isUUID,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  BUSINESS_EVENT_DESCRIPTION_PATTERN,
  BUSINESS_EVENT_LIMITS,
  BUSINESS_EVENT_NAME_PATTERN,
  BUSINESS_EVENT_RULE_MESSAGES,
  type BusinessEventAssignment,
  type BusinessEventListQuery,
  type CreateBusinessEventRequest,
  LIMITS,
  type UpdateBusinessEventRequest,
  type UpsertBusinessEventImpactRequest,
} from '@infra/contracts';
import { LargeArrayBodyPipe, NoControlCharacters, PageNumberField, PageSizeField, queryList } from '@infra/platform';

/** An ISO 8601 date or instant (`2026-03-01`, `2026-03-01T09:30:00Z`, with an offset); stored as UTC. */
export function isEventInstant(value: unknown): value is string {
  return typeof value === 'string' && isISO8601(value, { strict: true }) && Number.isFinite(Date.parse(value));
}

const NUMBER = { allowNaN: false, allowInfinity: false };
const present = (value: unknown) => value !== undefined && value !== null;

/** startDate: a valid instant (required when creating: `@IsOptional()` on updates). */
function EventStartDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'eventStartDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: BUSINESS_EVENT_RULE_MESSAGES.dates, ...options },
      validator: { validate: isEventInstant },
    });
}

/**
 * endDate: a valid instant on or after startDate. When startDate is itself wrong (or missing on a create) its own
 * rule answers, so one mistake gives the dates message once.
 */
function EventEndDate(startRequired: boolean): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'eventEndDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: BUSINESS_EVENT_RULE_MESSAGES.dates },
      validator: {
        validate: (value: unknown, args) => {
          const start = (args?.object as { startDate?: unknown }).startDate;
          if (present(start) ? !isEventInstant(start) : startRequired) return true;
          if (!isEventInstant(value)) return false;
          return !present(start) || Date.parse(value) >= Date.parse(start as string);
        },
      },
    });
}

/** The rules an event is assigned by (spec §2 Events: by collection, tag or individual asset). */
export class BusinessEventAssignmentDto implements BusinessEventAssignment {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: BUSINESS_EVENT_LIMITS.assignCollectionsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.assignCollectionsMax)
  @IsUUID('all', { each: true })
  collectionIds: string[] = [];

  @ApiProperty({ type: [String], format: 'uuid', maxItems: BUSINESS_EVENT_LIMITS.assignTagsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.assignTagsMax)
  @IsUUID('all', { each: true })
  tagIds: string[] = [];

  @ApiProperty({ type: [String], format: 'uuid', maxItems: BUSINESS_EVENT_LIMITS.assignAssetsMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.assignAssetsMax)
  @IsUUID('all', { each: true })
  assetIds: string[] = [];
}

/** The spec's event rules (§5) with the texts the web form shows (a non-string fails the pattern). */
export class CreateBusinessEventDto implements CreateBusinessEventRequest {
  @ApiProperty({ maxLength: LIMITS.eventNameMaxLength, pattern: BUSINESS_EVENT_NAME_PATTERN.source })
  @Matches(BUSINESS_EVENT_NAME_PATTERN, { message: BUSINESS_EVENT_RULE_MESSAGES.name })
  name!: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.eventDescriptionMaxLength,
    pattern: BUSINESS_EVENT_DESCRIPTION_PATTERN.source,
  })
  @IsOptional()
  @Matches(BUSINESS_EVENT_DESCRIPTION_PATTERN, { message: BUSINESS_EVENT_RULE_MESSAGES.description })
  description?: string;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601; stored as UTC.' })
  @EventStartDate()
  startDate!: string;

  @ApiProperty({ format: 'date-time', description: 'ISO 8601, on or after startDate.' })
  @EventEndDate(true)
  endDate!: string;

  @ApiPropertyOptional({
    type: BusinessEventAssignmentDto,
    description: 'Omitted: the event is created unassigned (the wizard’s Skip).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BusinessEventAssignmentDto)
  assignment?: BusinessEventAssignmentDto;
}

/** Every field optional; `assignment` replaces the rules. Dates are checked against the stored ones too. */
export class UpdateBusinessEventDto implements UpdateBusinessEventRequest {
  @ApiPropertyOptional({ maxLength: LIMITS.eventNameMaxLength, pattern: BUSINESS_EVENT_NAME_PATTERN.source })
  @IsOptional()
  @Matches(BUSINESS_EVENT_NAME_PATTERN, { message: BUSINESS_EVENT_RULE_MESSAGES.name })
  name?: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.eventDescriptionMaxLength,
    pattern: BUSINESS_EVENT_DESCRIPTION_PATTERN.source,
  })
  @IsOptional()
  @Matches(BUSINESS_EVENT_DESCRIPTION_PATTERN, { message: BUSINESS_EVENT_RULE_MESSAGES.description })
  description?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @EventStartDate()
  startDate?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @EventEndDate(false)
  endDate?: string;

  @ApiPropertyOptional({ type: BusinessEventAssignmentDto, description: 'Replaces the rules (Assign / Update).' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BusinessEventAssignmentDto)
  assignment?: BusinessEventAssignmentDto;
}

export class BusinessEventListQueryDto implements BusinessEventListQuery {
  @PageNumberField()
  page?: number;

  @PageSizeField(BUSINESS_EVENT_LIMITS.pageSizeMax)
  pageSize?: number;

  @ApiPropertyOptional({ description: 'Text in the name (case-insensitive).' })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(200)
  search?: string;
}

/**
 * `GET business-events/target/{id}` query. The window is checked by the service (BUSINESS_EVENT_WINDOW_INVALID);
 * `tagIds` and `collectionIds` are a view's filter (assets carrying any of the tags, and in any of the collections).
 */
export class BusinessEventTargetQueryDto {
  @ApiProperty({ format: 'date-time', description: 'Window start (inclusive).' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  startDate?: string;

  @ApiProperty({
    format: 'date-time',
    description: `Window end (exclusive); at most ${BUSINESS_EVENT_LIMITS.targetWindowMaxDays} days after the start.`,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  endDate?: string;

  @ApiPropertyOptional({ description: 'Tag ids (comma- or pipe-separated).' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.assignTagsMax)
  @IsUUID('all', { each: true })
  tagIds?: string[];

  @ApiPropertyOptional({ description: 'Collection ids (comma- or pipe-separated).' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.assignCollectionsMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];
}

export class ExpectedImpactDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  assetId!: string;

  @ApiProperty({
    minimum: BUSINESS_EVENT_LIMITS.impactPercentMin,
    maximum: BUSINESS_EVENT_LIMITS.impactPercentMax,
    description: 'Expected change in percent (the bounds answer BUSINESS_EVENT_IMPACT_INVALID).',
  })
  @IsNumber(NUMBER)
  impactPercent!: number;
}

/**
 * upsertBusinessEventImpact: the expected impact per asset of the event; replaces the event's. The documented body
 * and the reference for its messages: the route validates it with `impactBodyPipe` (100,000 items, no instances).
 */
export class UpsertBusinessEventImpactDto implements UpsertBusinessEventImpactRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  businessEventId!: string;

  @ApiProperty({ type: [ExpectedImpactDto], maxItems: BUSINESS_EVENT_LIMITS.impactsMax })
  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.impactsMax)
  // ValidateNested lets a non-object item (`[[]]`) through; it answered 500.
  @IsObject({ each: true, message: 'each item of impacts must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ExpectedImpactDto)
  impacts!: ExpectedImpactDto[];
}

/** `UpsertBusinessEventImpactDto` without its items' rules (`impactBodyPipe` checks them in a loop). */
export class UpsertBusinessEventImpactEnvelopeDto {
  @IsUUID()
  businessEventId!: string;

  @IsArray()
  @ArrayMaxSize(BUSINESS_EVENT_LIMITS.impactsMax)
  impacts!: unknown[];
}

/** `ExpectedImpactDto`'s rules in plain code: an item it accepts as it is (no other key, nothing to transform). */
export function isValidImpact(item: unknown): boolean {
  if (typeof item !== 'object' || item === null || Object.getPrototypeOf(item) !== Object.prototype) return false;
  for (const key of Object.keys(item)) if (key !== 'assetId' && key !== 'impactPercent') return false;
  const { assetId, impactPercent } = item as { assetId?: unknown; impactPercent?: unknown };
  return isUUID(assetId) && isNumber(impactPercent, NUMBER);
}

/**
 * `PUT business-events/impact` takes 100,000 impacts (one per asset of an event of up to 100,000 assets: the web app
 * sends one percent for every asset), so its items are checked in a loop that yields, not as 100,000 instances.
 */
export const impactBodyPipe = () =>
  new LargeArrayBodyPipe<UpsertBusinessEventImpactDto>({
    dto: UpsertBusinessEventImpactDto,
    envelope: UpsertBusinessEventImpactEnvelopeDto,
    property: 'impacts',
    isValidItem: isValidImpact,
  });
