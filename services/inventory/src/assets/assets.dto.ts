import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  ASSET_ATTRIBUTE_NAMES,
  ASSET_SORT_FIELDS,
  ASSET_STATUSES,
  type AssetStatus,
  type AssetUpsertItem,
  INVENTORY_LIMITS,
  TIME_HORIZONS,
  type TimeHorizon,
} from '@infra/contracts';
import {
  hasControlCharacters,
  LargeArrayBodyPipe,
  NoControlCharacters,
  PageNumberField,
  PageSizeField,
  queryBoolean,
  queryList,
} from '@infra/platform';

const TEXT = INVENTORY_LIMITS.attributeTextMaxLength;
const NUMBER = { allowNaN: false, allowInfinity: false };

/** One asset of `PUT assets`; rejected fields are named with their index (`assets.3.cpu_cores`). */
export class AssetUpsertItemDto implements AssetUpsertItem {
  @ApiProperty({ description: 'Unique per organization; the upsert key (an EC2 instance id, a host name…).' })
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(INVENTORY_LIMITS.externalIdMaxLength)
  externalId!: string;

  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(INVENTORY_LIMITS.assetNameMaxLength)
  name!: string;

  @ApiPropertyOptional({ enum: ASSET_STATUSES, description: 'New assets default to active; omitted keeps it.' })
  @IsOptional()
  @IsIn(ASSET_STATUSES)
  status?: AssetStatus;

  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) instance_type?:
    string | null;
  @ApiPropertyOptional({ description: 'Region, availability zone or data centre.' })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(TEXT)
  site?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) physical_processor?:
    string | null;

  @ApiPropertyOptional({ description: 'GiB' }) @IsOptional() @IsNumber(NUMBER) @Min(0) memory?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(1_000_000) cpu_cores?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) storage?: string | null;
  @ApiPropertyOptional({ description: 'GHz' }) @IsOptional() @IsNumber(NUMBER) @Min(0) cpu_speed?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) network_speed?:
    string | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() current_generation?: boolean | null;
  @ApiPropertyOptional({ description: 'Gbit/s' })
  @IsOptional()
  @IsNumber(NUMBER)
  @Min(0)
  network_bandwidth_max?: number | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) instance_lifecycle?:
    string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(TEXT) cpu_generation?:
    string | null;

  @ApiPropertyOptional({ description: 'MB/s' })
  @IsOptional()
  @IsNumber(NUMBER)
  @Min(0)
  storage_throughput?: number | null;
}

export class UpsertAssetsDto {
  @ApiProperty({ type: [AssetUpsertItemDto], maxItems: INVENTORY_LIMITS.upsertBatchMax })
  @IsArray()
  @ArrayMinSize(1)
  // ValidateNested lets a non-object item (`[[]]`) through; it answered 500.
  @IsObject({ each: true, message: 'each item of assets must be an object' })
  @ValidateNested({ each: true })
  @Type(() => AssetUpsertItemDto)
  assets!: AssetUpsertItemDto[];
}

/** `UpsertAssetsDto` without its items' rules (`upsertAssetsBodyPipe` judges them a slice at a time). */
export class UpsertAssetsEnvelopeDto {
  @IsArray()
  @ArrayMinSize(1)
  assets!: unknown[];
}

const TEXT_ATTRIBUTES = new Set<string>([
  'instance_type',
  'site',
  'physical_processor',
  'storage',
  'network_speed',
  'instance_lifecycle',
  'cpu_generation',
]);
const DECIMAL_ATTRIBUTES = new Set<string>(['memory', 'cpu_speed', 'network_bandwidth_max', 'storage_throughput']);
/**
 * Characters whose length class-validator counts otherwise than `String.length` (surrogate pairs and variation
 * selectors count as nothing there): a text holding one is left to class-validator.
 */
const COUNTED_OTHERWISE = /[\uD800-\uDFFF]|\uFE0E|\uFE0F/;

/** A text class-validator's `IsString`, `NoControlCharacters`, `MinLength` and `MaxLength` accept. */
const isPlainText = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'string' &&
  value.length >= min &&
  value.length <= max &&
  !hasControlCharacters(value) &&
  !COUNTED_OTHERWISE.test(value);

/**
 * `AssetUpsertItemDto`'s rules in plain code, as strict or stricter: an item it accepts is taken as it is (no other
 * key, nothing to transform); anything else is judged by the dto, which writes the messages. Optional attributes may
 * be null (`@IsOptional` lets null through, the upsert clears them).
 */
export function isValidAssetItem(item: unknown): boolean {
  if (typeof item !== 'object' || item === null || Object.getPrototypeOf(item) !== Object.prototype) return false;
  const fields = item as Record<string, unknown>;
  if (!isPlainText(fields.externalId, 1, INVENTORY_LIMITS.externalIdMaxLength)) return false;
  if (!isPlainText(fields.name, 1, INVENTORY_LIMITS.assetNameMaxLength)) return false;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (key === 'externalId' || key === 'name') continue;
    if (value === null || value === undefined) {
      if (key === 'status' || (ASSET_ATTRIBUTE_NAMES as readonly string[]).includes(key)) continue;
      return false;
    }
    if (key === 'status') {
      if (!(ASSET_STATUSES as readonly unknown[]).includes(value)) return false;
    } else if (TEXT_ATTRIBUTES.has(key)) {
      if (!isPlainText(value, 0, TEXT)) return false;
    } else if (DECIMAL_ATTRIBUTES.has(key)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
    } else if (key === 'cpu_cores') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1_000_000) return false;
    } else if (key === 'current_generation') {
      if (typeof value !== 'boolean') return false;
    } else return false;
  }
  return true;
}

/**
 * `PUT assets` takes 1000 assets of 16 attributes each: as one class-validator pass they held the event loop for
 * 130–330 ms (seconds on a busy core). Valid ones are checked in plain code; the others judged by the dto a slice
 * at a time, with the same messages.
 */
export const upsertAssetsBodyPipe = () =>
  new LargeArrayBodyPipe<UpsertAssetsDto>({
    dto: UpsertAssetsDto,
    envelope: UpsertAssetsEnvelopeDto,
    property: 'assets',
    isValidItem: isValidAssetItem,
  });

export class AssetFilterQueryDto {
  @ApiPropertyOptional({ description: 'Tag ids (comma-separated): assets carrying any of them.' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  tagIds?: string[];

  @ApiPropertyOptional({ description: 'Collection ids (comma-separated): members of any of them.' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.filterIdsMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];
}

export class AssetListQueryDto extends AssetFilterQueryDto {
  @PageNumberField()
  page?: number;

  @PageSizeField(INVENTORY_LIMITS.pageSizeMax)
  pageSize?: number;

  @ApiPropertyOptional({ description: `One of ${ASSET_SORT_FIELDS.join(', ')}; prefix - for descending.` })
  @IsOptional()
  @IsIn([...ASSET_SORT_FIELDS, ...ASSET_SORT_FIELDS.map((field) => `-${field}`)])
  sort?: string;

  @ApiPropertyOptional({ description: 'Text in the name, external id, instance type or site.' })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({ description: 'Statuses (comma-separated); archived assets only when named.' })
  @IsOptional()
  @Transform(queryList)
  @IsArray()
  @IsIn(ASSET_STATUSES, { each: true })
  status?: AssetStatus[];

  @ApiPropertyOptional({ enum: TIME_HORIZONS })
  @IsOptional()
  @IsIn(TIME_HORIZONS)
  timeHorizon?: TimeHorizon;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  includeRatingData?: boolean;
}

export class UpdateActiveStatusDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: INVENTORY_LIMITS.idsPerCallMax })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INVENTORY_LIMITS.idsPerCallMax)
  @IsUUID('all', { each: true })
  assetIds!: string[];

  @ApiProperty({ enum: ASSET_STATUSES })
  @IsIn(ASSET_STATUSES)
  status!: AssetStatus;
}
