import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { sensitiveVariables } from './sensitive';

/** Thrown when the environment does not satisfy a config class; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Names that hold secrets even when a config class forgets @Sensitive(). */
const SECRET_NAME = /SECRET|PASSWORD|PRIVATE|TOKEN|_KEY$/;

function describe(
  errors: ValidationError[],
  env: Record<string, unknown>,
  sensitive: ReadonlySet<string | symbol>,
): string[] {
  return errors.flatMap((error) => {
    const raw = env[error.property];
    const hidden = sensitive.has(error.property) || SECRET_NAME.test(error.property);
    // A secret's value never reaches the logs, not even when it is wrong.
    const shown = raw === undefined ? 'it is not set' : hidden ? 'value hidden' : `got "${String(raw)}"`;
    return Object.values(error.constraints ?? {}).map((constraint) => `${error.property}: ${constraint} (${shown})`);
  });
}

/**
 * Builds a validated config object from the environment: `defaults` fill unset variables,
 * class-validator decorators on `schema` check them. Unknown variables are ignored.
 */
export function loadConfig<T extends object>(
  schema: new () => T,
  defaults: Partial<Record<keyof T, unknown>> = {},
  env: NodeJS.ProcessEnv = process.env,
): T {
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(new schema()).concat(Object.keys(defaults))) {
    if (env[key] !== undefined && env[key] !== '') merged[key] = env[key];
  }
  const instance = plainToInstance(schema, merged, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { skipMissingProperties: false });
  if (errors.length > 0) throw new ConfigError(describe(errors, merged, sensitiveVariables(schema)));
  return instance;
}
