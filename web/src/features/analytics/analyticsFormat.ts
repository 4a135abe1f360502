import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, useFormat } from '../../shared/format';

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
      wcuHours: (value: number) =>
        t('analytics.units.wcuHours', { value: format.number(value, { maximumFractionDigits: 1 }) }),
      hours: (count: number) => t('analytics.units.hours', { value: format.number(count) }),
      money: (amount: number | null, currency: string) => (amount === null ? none : format.money(amount, currency)),
      /** A change, signed both ways: "+$12.00", "-$3.50", "$0.00". */
      moneyChange: (amount: number, currency: string) => `${amount > 0 ? '+' : ''}${format.money(amount, currency)}`,
      percentChange: (value: number | null) =>
        value === null
          ? none
          : format.number(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
      /** $ per WCU-hour: four decimals, as the API rounds them. */
      unitCost: (amount: number | null, currency: string) =>
        amount === null ? none : t('analytics.units.perWcuHour', { value: format.money(amount, currency, 4) }),
      /** A bucket's start, in UTC like the buckets: the day, with the hour when hourly. */
      bucket: (time: Date | string, granularity: 'hour' | 'day') =>
        new Intl.DateTimeFormat(localeOf(format.language), {
          timeZone: 'UTC',
          month: 'short',
          day: 'numeric',
          ...(granularity === 'hour' ? { hour: '2-digit', minute: '2-digit' } : {}),
        }).format(typeof time === 'string' ? new Date(time) : time),
    };
  }, [t, format]);
}

export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
