import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, dateTimeFormat, localeOf, numberFormat, useFormat } from '../../shared/format';

/**
 * Money with the dollar sign (§9) and enough significant digits for small amounts: two decimals from a dollar up
 * ("$12.35"), four significant digits below ("$0.02486", "$0.0012", "$0.50"). The API sends full precision; this is
 * the only rounding.
 */
export function moneyPrecise(language: string, amount: number, currency: string): string {
  const digits: Intl.NumberFormatOptions =
    Math.abs(amount) >= 1 || amount === 0
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumSignificantDigits: 2, maximumSignificantDigits: 4 };
  return numberFormat(localeOf(language), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    signDisplay: 'negative',
    ...digits,
  })
    .format(amount)
    .replace('$', currencySymbol(currency));
}

/** The analyses' figures as shown: ratings and percents with one decimal, WCU, money with the dollar sign (§9). */
export function useAnalyticsFormat() {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(() => {
    const none = t('analytics.none');
    const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    return {
      none,
      number: (value: number | null) => (value === null ? none : format.number(value)),
      rating: (value: number | null) => (value === null ? none : format.number(value, oneDecimal)),
      percent: (value: number | null) =>
        value === null ? none : format.number(value / 100, { style: 'percent', maximumFractionDigits: 1 }),
      wcu: (value: number | null) =>
        value === null ? none : t('analytics.units.wcu', { value: format.number(value, { maximumFractionDigits: 2 }) }),
      wcuHours: (value: number | null) =>
        value === null
          ? none
          : t('analytics.units.wcuHours', { value: format.number(value, { maximumFractionDigits: 1 }) }),
      hours: (count: number) => t('analytics.units.hours', { value: format.number(count) }),
      money: (amount: number | null, currency: string) => (amount === null ? none : format.money(amount, currency)),
      /** A change, signed both ways: "+$12.00", "-$3.50", "$0.00". */
      // Signed as shown: full precision may leave 1e-13 of a cent, which is "$0.00", not "+$0.00".
      moneyChange: (amount: number, currency: string) =>
        `${Math.round(amount * 100) > 0 ? '+' : ''}${format.money(Math.round(amount * 100) === 0 ? 0 : amount, currency)}`,
      percentChange: (value: number | null) =>
        value === null
          ? none
          : format.number(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
      /** Money with enough significant digits for small amounts: "$0.02486", "$0.0012", "$12.35" (moneyPrecise). */
      moneyPrecise: (amount: number | null, currency: string) =>
        amount === null ? none : moneyPrecise(format.language, amount, currency),
      /**
       * $ per WCU-hour. Unit costs are small (0.024856): four significant digits below a dollar, never a fixed four
       * decimals (0.0012 would read 0.0012 for anything from 0.00115 to 0.00125: 4 % off).
       */
      unitCost: (amount: number | null, currency: string) =>
        amount === null
          ? none
          : t('analytics.units.perWcuHour', { value: moneyPrecise(format.language, amount, currency) }),
      /**
       * A bucket's start, in UTC like the buckets: the day, with the hour when hourly, and the year when the chart's
       * horizon spans two years ("Dec 30, 2025", "Jan 2, 2026") or when `withYear` asks for it (tooltips).
       */
      bucket: (time: Date | string, granularity: 'hour' | 'day', withYear = false) =>
        dateTimeFormat(localeOf(format.language), {
          timeZone: 'UTC',
          month: 'short',
          day: 'numeric',
          ...(withYear ? { year: 'numeric' } : {}),
          ...(granularity === 'hour' ? { hour: '2-digit', minute: '2-digit' } : {}),
        }).format(typeof time === 'string' ? new Date(time) : time),
    };
  }, [t, format]);
}

export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
