import { BadRequestException, PipeTransform } from '@nestjs/common';
import type { ArgumentMetadata } from '@nestjs/common';
import { hasControlCharacters } from './text-validators';

/**
 * A free-text query parameter: absent stays undefined; control characters (a NUL reached PostgreSQL and answered
 * 500), repeated parameters and overlong values are a 400 naming the parameter.
 */
export class OptionalTextPipe implements PipeTransform<unknown, string | undefined> {
  constructor(private readonly maxLength = 256) {}

  transform(value: unknown, metadata: ArgumentMetadata): string | undefined {
    if (value === undefined) return undefined;
    const name = metadata.data ?? 'value';
    if (typeof value !== 'string') throw new BadRequestException(`${name} must be a single string`);
    if (hasControlCharacters(value)) throw new BadRequestException(`${name} must not contain control characters`);
    if (value.length > this.maxLength)
      throw new BadRequestException(`${name} must be at most ${this.maxLength} characters`);
    return value;
  }
}
