import { type PipeTransform, type Type, ValidationPipe } from '@nestjs/common';
import { VALIDATION_PIPE_OPTIONS } from '../bootstrap';

/**
 * Validates one parameter as `dto` and answers `refusal()` instead of the generic 400, for routes whose errors have
 * codes of their own (analytics' filters and settings). Declare the parameter with an interface type and document it
 * with `@ApiQuery`/`@ApiBody({ type: dto })`: the global pipe validates class-typed parameters first and would answer
 * its own 400.
 */
export const validatedAs = <T extends object>(dto: Type<T>, refusal: () => Error): PipeTransform =>
  new ValidationPipe({ ...VALIDATION_PIPE_OPTIONS, expectedType: dto, exceptionFactory: refusal });
