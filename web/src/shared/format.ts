import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../config';
import { readerLanguage } from '../i18n/readerLanguage';

/** Display helpers (§9): dates, numbers, money and long text, in the user's language. */

/** The Intl locale of an app language: English shows as in the US (the spec's month/day/year). */
export function localeOf(language: string | undefined): string {
  const base = (language ?? DEFAULT_LANGUAGE).split('-')[0] ?? DEFAULT_LANGUAGE;
  return base === 'en' ? 'en-US' : base;
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * Intl's formatters cost far more to build than to use (a dashboard's tables and charts format hundreds of values
 * while rendering: building one per value showed in its long tasks), so each locale and options builds one, kept.
 */
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = build()));
  return formatter;
}

/** The number formatter of `locale` and `options`, built once. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  kept(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/** The date formatter of `locale` and `options`, built once. An unknown time zone throws. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  kept(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

type DatePart = 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod' | 'timeZoneName';

/**
 * A date with the time and the time zone. In English month/day/year hour:minute am/pm, e.g.
 * "11/21/2026 10:47 AM UTC" (§9); in another language that language's order and clock, e.g. French
 * "21/11/2026 10:47 UTC". `timeZone` is an IANA name (the account's or user's); without one, the browser's
 * zone is used. Returns an empty string for a missing or invalid date.
 */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone?: string,
  language: string = DEFAULT_LANGUAGE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = localeOf(language);
  if (locale !== 'en-US') {
    const parts = dateTimeFormat(locale, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).formatToParts(date);
    // The language's own date and time, without the comma some locales put between them.
    return parts
      .map((part) => (part.type === 'literal' && /^,?\s*$/.test(part.value) ? ' ' : part.value))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  }
  const parts = dateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(date);
  const part = (type: DatePart): string => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${part('timeZoneName')}`;
}

/** The currency symbol: a dollar sign for USD, CAD and any other currency (§1, §9). */
export function currencySymbol(_currency?: string): string {
  return '$';
}

/**
 * Money with the dollar sign (§9) and the language's separators and sign position, e.g. "$1,234.50" or
 * "-$12.00" in English, "1 234,50 $" in French. Returns an empty string for a missing or non-finite amount.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency = 'USD',
  fractionDigits = 2,
  language: string = DEFAULT_LANGUAGE,
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  // Every currency shows a plain dollar sign: format as USD with its narrow symbol ("$", never "US$").
  const symbol = currencySymbol(currency);
  const text = numberFormat(localeOf(language), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    signDisplay: 'negative',
  }).format(amount);
  return text.replace('$', symbol);
}

/** A number with the language's separators, e.g. "1,234.5" in English, "1 234,5" in French. */
export function formatNumber(
  value: number | null | undefined,
  language: string = DEFAULT_LANGUAGE,
  options?: Intl.NumberFormatOptions,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(localeOf(language), options).format(value);
}

/** The formatters bound to the current language (they change when the user picks another one). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = readerLanguage(i18n);
  return useMemo(
    () => ({
      language,
      dateTime: (value: Date | string | number | null | undefined, timeZone?: string) =>
        formatDateTime(value, timeZone, language),
      money: (amount: number | null | undefined, currency?: string, fractionDigits?: number) =>
        formatMoney(amount, currency, fractionDigits, language),
      number: (value: number | null | undefined, options?: Intl.NumberFormatOptions) =>
        formatNumber(value, language, options),
    }),
    [language],
  );
}

/** The default maximum length of truncated text (the spec does not show one). */
export const DEFAULT_TRUNCATE_LENGTH = 50;

/** Long text cut to `maxLength` characters followed by '...'; shorter text is returned as is. */
export function truncate(text: string | null | undefined, maxLength = DEFAULT_TRUNCATE_LENGTH): string {
  if (!text) return '';
  const limit = Math.max(0, Math.floor(maxLength));
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
