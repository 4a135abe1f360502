/** Display helpers (§9): dates, money and long text. */

type DatePart = 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod' | 'timeZoneName';

/**
 * A date as month/day/year hour:minute am/pm with the time zone, e.g. "11/21/2026 10:47 AM UTC".
 * `timeZone` is an IANA name (the account's or user's); without one, the browser's zone is used.
 * Returns an empty string for a missing or invalid date.
 */
export function formatDateTime(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
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
 * Money with the dollar sign and thousands separators, e.g. "$1,234.50" or "-$12.00".
 * Returns an empty string for a missing or non-finite amount.
 */
export function formatMoney(amount: number | null | undefined, currency = 'USD', fractionDigits = 2): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const digits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(Math.abs(amount));
  const negative = amount < 0 && Number(digits.replace(/,/g, '')) !== 0;
  return `${negative ? '-' : ''}${currencySymbol(currency)}${digits}`;
}

/** The default maximum length of truncated text (the spec does not show one). */
export const DEFAULT_TRUNCATE_LENGTH = 50;

/** Long text cut to `maxLength` characters followed by '...'; shorter text is returned as is. */
export function truncate(text: string | null | undefined, maxLength = DEFAULT_TRUNCATE_LENGTH): string {
  if (!text) return '';
  const limit = Math.max(0, Math.floor(maxLength));
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
