import { registerDecorator, ValidationOptions } from 'class-validator';

/** C0 and C1 control characters (NUL included): never meaningful in a single-line text field. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * Rejects strings with control characters, naming the field (a NUL reached PostgreSQL and answered 500).
 * Non-strings pass: combine with `@IsString()`.
 */
export function NoControlCharacters(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noControlCharacters',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must not contain control characters`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasControlCharacters(value) },
    });
}

const TIME_ZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/** ICU lists some zones under their older name (Asia/Calcutta): a current Area/Location name resolving to one is fine. */
function resolvesToKnownZone(value: string): boolean {
  if (!/^[A-Z][A-Za-z_-]*(\/[A-Z][A-Za-z0-9_+-]*)+$/.test(value)) return false;
  try {
    return TIME_ZONES.has(new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

export function isIanaTimeZone(value: unknown): value is string {
  return typeof value === 'string' && (TIME_ZONES.has(value) || resolvesToKnownZone(value));
}

/** Only IANA zone names (as the runtime knows them) and 'UTC'. */
export function IsIanaTimeZone(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isIanaTimeZone',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `${String(propertyName)} must be an IANA time zone such as Europe/Berlin or UTC`,
        ...options,
      },
      validator: { validate: isIanaTimeZone },
    });
}
