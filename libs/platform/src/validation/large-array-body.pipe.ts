import { type PipeTransform, type Type, ValidationPipe, type ValidationError } from '@nestjs/common';
import { resolveMaxErrorMessagesLength } from '@nestjs/common/pipes/validation-errors.constants';
import type { ValidatorOptions } from 'class-validator';
import { VALIDATION_PIPE_OPTIONS } from '../bootstrap';
import { forEachInSlices, SliceClock } from '../event-loop';

export interface LargeArrayBodyOptions<Body extends object> {
  /**
   * The documented request class (`@ValidateNested({ each: true })` items): the reference for every rule and
   * message. The array must be its last validated property (its errors come last).
   */
  dto: Type<Body>;
  /** The same class without the items' rules: the array property is checked as an array only (length, kind). */
  envelope: Type<object>;
  /** The array property. */
  property: keyof Body & string;
  /**
   * True only for an item the dto's item class accepts as it is: a plain object with none but its keys, nothing to
   * transform. Everything else is judged by the dto itself, so a stricter test costs time, never a wrong answer.
   * Without it every item is judged by the dto, a slice at a time (items with many rules: 1000 assets).
   */
  isValidItem?: (item: unknown) => boolean;
}

/** Items checked between two yields to the event loop (about a millisecond of plain checks). */
const PLAIN_CHUNK = 2000;

class CapturedErrors {
  constructor(readonly errors: ValidationError[]) {}
}

/**
 * The envelope's check: class-transformer copies a one-element stand-in of the array (copying 100,000 elements took
 * 0.6 s of one core, over the limit too), and class-validator then sees the real array in its place, so the
 * envelope's rules on it (its kind, its length) answer for the real one. The stand-in's one element, a string,
 * names the real array and survives the copy, so concurrent checks never swap each other's arrays.
 */
class EnvelopeCheck extends ValidationPipe {
  private readonly waiting = new Map<string, unknown[]>();
  private nextToken = 0;

  constructor(private readonly property: string) {
    super({ ...VALIDATION_PIPE_OPTIONS, exceptionFactory: (errors) => new CapturedErrors(errors) });
  }

  async check(body: Record<string, unknown>, items: unknown[], envelope: Type<object>): Promise<unknown> {
    const token = `large-array-${++this.nextToken}`;
    this.waiting.set(token, items);
    try {
      return await this.transform({ ...body, [this.property]: [token] }, meta(envelope));
    } finally {
      this.waiting.delete(token);
    }
  }

  protected override validate(object: object, options?: ValidatorOptions) {
    const fields = object as Record<string, unknown>;
    const standIn = fields[this.property];
    const items = Array.isArray(standIn) && standIn.length === 1 ? this.waiting.get(String(standIn[0])) : undefined;
    if (items) fields[this.property] = items;
    return super.validate(object, options);
  }
}

/** The services' pipe, answering with its own exception for errors found elsewhere. */
class ValidationReport extends ValidationPipe {
  constructor() {
    super(VALIDATION_PIPE_OPTIONS);
  }

  exceptionOf(errors: ValidationError[]): Promise<unknown> {
    return Promise.resolve(this.exceptionFactory(errors));
  }
}

/** What `maxErrorMessagesLength` charges for an error and its children (ValidationPipe.limitValidationErrors). */
function budgetCost(error: ValidationError, parentPathLength = 0): number {
  const pathLength = parentPathLength + String(error.property).length + 1;
  let cost = 0;
  for (const message of Object.values(error.constraints ?? {})) cost += pathLength + String(message).length;
  for (const child of error.children ?? []) cost += budgetCost(child, pathLength);
  return cost;
}

/**
 * Validates a body holding a very large array (100,000 items) without building an instance per item and without
 * holding the event loop: class-transformer + class-validator over such an array took 8 s of one core, and every
 * other request of the service (its health check too) waited. Items are checked in a plain loop that yields to the
 * event loop between chunks; only the refused ones go through class-validator, one by one, so the 400 answers the
 * same messages, in the same order and under the same length limit, as the services' ValidationPipe with `dto`.
 *
 * Use it on a body parameter typed with an interface (the global pipe leaves `Object` alone) and document the body
 * with `@ApiBody({ type: dto })`.
 */
export class LargeArrayBodyPipe<Body extends object> implements PipeTransform<unknown, Promise<Body>> {
  private readonly oracle = new ValidationPipe({
    ...VALIDATION_PIPE_OPTIONS,
    exceptionFactory: (errors) => new CapturedErrors(errors),
  });
  private readonly report = new ValidationReport();
  private readonly budget = resolveMaxErrorMessagesLength(undefined);
  private readonly envelopeCheck: EnvelopeCheck;

  constructor(private readonly options: LargeArrayBodyOptions<Body>) {
    this.envelopeCheck = new EnvelopeCheck(options.property);
  }

  async transform(body: unknown): Promise<Body> {
    const { envelope, property } = this.options;
    const items: unknown = isRecord(body) ? body[property] : undefined;
    // Not an array (or no object at all): no large work to spare, the dto answers as it always did.
    if (!isRecord(body) || !Array.isArray(items)) return this.asDto(body);

    const { isValidItem = () => false } = this.options;
    const refused: number[] = [];
    await forEachInSlices(items, PLAIN_CHUNK, (item, index) => {
      if (!isValidItem(item)) refused.push(index);
    });

    // The rest of the body under the same rules, and the array's own rules (its kind and length).
    let errors: ValidationError[] = [];
    let result: Record<string, unknown> = {};
    try {
      result = (await this.envelopeCheck.check(body, items, envelope)) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof CapturedErrors)) throw error;
      errors = error.errors;
    }

    const itemErrors: ValidationError[] = [];
    // Rules the dto states on the array for each item (`@IsObject({ each: true })`): one message for all items.
    const arrayConstraints: Record<string, string> = {};
    let accepted: unknown[] | undefined;
    let charged = 0;
    // Judged until the messages overrun the pipe's length limit by one more item: the pipe then omits the rest.
    let overrun = false;
    // class-validator takes 0.1–2 ms an item: the slices end on the clock.
    const clock = new SliceClock();
    for (let n = 0; n < refused.length && !overrun; n++) {
      await clock.yieldIfDue();
      const index = refused[n];
      const verdict = await this.judge(items[index]);
      if ('value' in verdict) {
        accepted ??= [...items];
        accepted[index] = verdict.value;
        continue;
      }
      overrun = charged > this.budget;
      Object.assign(arrayConstraints, verdict.constraints);
      for (const error of verdict.errors) {
        if (error.property === '0') error.property = String(index);
        charged += budgetCost(error);
        itemErrors.push(error);
      }
    }

    const constrained = Object.keys(arrayConstraints).length > 0;
    if (itemErrors.length > 0 || constrained) {
      let arrayError = errors.find((error) => error.property === property);
      if (!arrayError) {
        arrayError = { property, children: [], constraints: undefined, value: undefined };
        errors.push(arrayError);
      }
      arrayError.children = itemErrors;
      if (constrained) arrayError.constraints = { ...arrayError.constraints, ...arrayConstraints };
    }
    if (errors.length > 0) throw await this.report.exceptionOf(errors);
    result[property] = accepted ?? items;
    return result as Body;
  }

  /** The body under the dto's rules, as the global pipe would take it. */
  private async asDto(body: unknown): Promise<Body> {
    try {
      return (await this.oracle.transform(body, meta(this.options.dto))) as Body;
    } catch (error) {
      if (!(error instanceof CapturedErrors)) throw error;
      throw await this.report.exceptionOf(error.errors);
    }
  }

  /**
   * One item under the dto's rules: its errors (as the array's child `0`) and the array's rules it breaks (an item
   * that is no object), or the item as the dto makes it.
   */
  private async judge(
    item: unknown,
  ): Promise<{ errors: ValidationError[]; constraints?: Record<string, string> } | { value: unknown }> {
    const { dto, property } = this.options;
    try {
      const value = (await this.oracle.transform({ [property]: [item] }, meta(dto))) as Record<string, unknown[]>;
      return { value: value[property][0] };
    } catch (error) {
      if (!(error instanceof CapturedErrors)) throw error;
      const arrayError = error.errors.find((candidate) => candidate.property === property);
      const constraints = arrayError?.constraints;
      // Only the other properties (left out here) were refused: the item itself is valid as it came.
      if (!arrayError?.children?.length && !constraints) return { value: item };
      return { errors: arrayError?.children ?? [], constraints };
    }
  }
}

const meta = (metatype: Type<object>) => ({ type: 'body' as const, metatype });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
