import type { FieldError } from 'react-hook-form';

/**
 * How most forms check their fields (react-hook-form's options): nothing shows before the first submit attempt, then
 * each field is checked again as it changes. The focus stays where it is: the forms never moved it to an error.
 */
export const CHECKED_AFTER_SUBMIT = { mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false } as const;

/** Forms with rules worth knowing while typing: every change is checked (`shownError` decides what shows). */
export const CHECKED_AS_TYPED = { mode: 'onChange', reValidateMode: 'onChange', shouldFocusError: false } as const;

/** Forms whose fields show their rule once left (or a submit tried): every change and every leaving is checked. */
export const CHECKED_AS_LEFT = { mode: 'all', reValidateMode: 'onChange', shouldFocusError: false } as const;

/** A rule that returns what is wrong with a value (null or undefined when it is valid), as a `validate` function. */
export const ruleOf =
  <V>(rule: (value: V) => string | null | undefined) =>
  (value: V): string | true =>
    rule(value) ?? true;

/**
 * The `validate` of a field from a rule of the whole form that names what is wrong with each field (a key of its
 * result): the other fields' values count too (a slug, a pair of dates).
 */
export const fieldRule =
  <V, K extends string>(rule: (values: V) => Partial<Record<K, string>>, key: K) =>
  (_value: unknown, values: V): string | undefined =>
    rule(values)[key];

/**
 * What a field's error shows, its message being the kind of problem ('required', 'invalid'...): a missing value once
 * the user tried to submit, any other problem at once.
 */
export function shownError(error: FieldError | undefined, isSubmitted: boolean): string | undefined {
  const kind = error?.message;
  return kind && (kind !== 'required' || isSubmitted) ? kind : undefined;
}
