import 'reflect-metadata';

const SENSITIVE = Symbol('platform:sensitive-variables');

/**
 * Marks a configuration variable whose value must never be printed (keys, passwords, URLs that may carry
 * credentials): a configuration error then says only why the value is invalid.
 */
export function Sensitive(): PropertyDecorator {
  return (target, property) => {
    const names = new Set<string | symbol>((Reflect.getMetadata(SENSITIVE, target) as Set<string | symbol>) ?? []);
    names.add(property);
    Reflect.defineMetadata(SENSITIVE, names, target);
  };
}

/** Names marked @Sensitive() on a config class or any class it extends. */
export function sensitiveVariables(schema: new () => object): ReadonlySet<string | symbol> {
  return (Reflect.getMetadata(SENSITIVE, schema.prototype as object) as Set<string | symbol>) ?? new Set();
}
