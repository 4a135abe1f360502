import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { type RuleConditions, type SaveRuleRequest, TAGGING_LIMITS } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';
import { hasCondition } from './rule-conditions';

/** Values per condition list, and the length of each value and of the name pattern. */
export const RULE_CONDITION_LIMITS = { valuesMax: 50, valueMaxLength: 255 } as const;

export const NO_CONDITION_MESSAGE =
  'conditions must name at least one site, instance type, name pattern or collection: a rule without conditions would tag every asset';

/** Refuses conditions that say nothing (after dropping empty lists and blank patterns). */
function HasCondition(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'hasCondition',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: NO_CONDITION_MESSAGE },
      validator: {
        validate: (value: unknown) => typeof value === 'object' && value !== null && hasCondition(value),
      },
    });
}

const { valuesMax, valueMaxLength } = RULE_CONDITION_LIMITS;

/** Every condition given must hold; a list matches any of its values. Empty lists and a blank pattern are ignored. */
export class RuleConditionsDto implements RuleConditions {
  @ApiPropertyOptional({ type: [String], maxItems: valuesMax, description: 'Sites, compared case-insensitively.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(valuesMax)
  @IsString({ each: true })
  @MaxLength(valueMaxLength, { each: true })
  @NoControlCharacters({ each: true })
  sites?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: valuesMax,
    description: 'Instance types, compared case-insensitively.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(valuesMax)
  @IsString({ each: true })
  @MaxLength(valueMaxLength, { each: true })
  @NoControlCharacters({ each: true })
  instanceTypes?: string[];

  @ApiPropertyOptional({
    maxLength: valueMaxLength,
    description: 'Case-insensitive glob on the asset name: `*` any text, `?` one character.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(valueMaxLength)
  @NoControlCharacters()
  namePattern?: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: valuesMax, description: 'Member of any of them.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(valuesMax)
  @IsUUID('all', { each: true })
  collectionIds?: string[];
}

export class RulePreviewRequestDto {
  @ApiProperty({ type: RuleConditionsDto })
  @IsDefined()
  @IsObject()
  @HasCondition()
  @ValidateNested()
  @Type(() => RuleConditionsDto)
  conditions!: RuleConditionsDto;
}

export class SaveRuleDto extends RulePreviewRequestDto implements SaveRuleRequest {
  @ApiProperty({
    maxLength: TAGGING_LIMITS.ruleNameMaxLength,
    description: 'Unique in the organization (any letter case).',
  })
  @IsString()
  @MaxLength(TAGGING_LIMITS.ruleNameMaxLength)
  @Matches(/\S/, { message: 'name must not be blank' })
  @NoControlCharacters()
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'The tag the rule assigns: an active user tag of the organization.' })
  @IsUUID()
  tagId!: string;

  @ApiPropertyOptional({
    description: 'Defaults to true when a rule is created; kept as it was when omitted on a change.',
  })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}
