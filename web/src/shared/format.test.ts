import { formatDateTime, formatMoney, formatNumber, truncate } from './format';

describe('formatDateTime', () => {
  it('shows month/day/year hour:minute am/pm with the time zone', () => {
    expect(formatDateTime('2026-11-21T10:47:00Z', 'UTC')).toBe('11/21/2026 10:47 AM UTC');
    expect(formatDateTime('2026-11-21T22:05:00Z', 'UTC')).toBe('11/21/2026 10:05 PM UTC');
  });

  it('converts to the given time zone', () => {
    expect(formatDateTime('2026-01-02T03:04:00Z', 'America/New_York')).toBe('01/01/2026 10:04 PM EST');
    expect(formatDateTime(new Date('2026-07-04T16:30:00Z'), 'America/Los_Angeles')).toBe('07/04/2026 09:30 AM PDT');
  });

  it('accepts epoch milliseconds and is empty for missing or invalid dates', () => {
    expect(formatDateTime(Date.UTC(2025, 0, 1, 0, 0), 'UTC')).toBe('01/01/2025 12:00 AM UTC');
    expect(formatDateTime(undefined, 'UTC')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('formatMoney', () => {
  it('uses the dollar sign for USD, CAD and any other currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'CAD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('$1,234.50');
    expect(formatMoney(0.5)).toBe('$0.50');
  });

  it('puts the minus sign before the dollar sign and honours the fraction digits', () => {
    expect(formatMoney(-12, 'USD')).toBe('-$12.00');
    expect(formatMoney(0.00421, 'USD', 4)).toBe('$0.0042');
    expect(formatMoney(-0.001, 'USD')).toBe('$0.00');
  });

  it('is empty for missing or non-finite amounts', () => {
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('truncate', () => {
  it("cuts long text at the maximum length and adds '...'", () => {
    expect(truncate('Production database cluster', 10)).toBe('Production...');
  });

  it('leaves text at or under the maximum alone', () => {
    expect(truncate('short', 5)).toBe('short');
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('', 3)).toBe('');
    expect(truncate(undefined, 3)).toBe('');
  });

  it('has a default maximum', () => {
    expect(truncate('x'.repeat(60))).toBe(`${'x'.repeat(50)}...`);
  });
});

describe('in the current language', () => {
  // Intl puts a (narrow) no-break space in French numbers: compare with plain spaces.
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('shows French dates day first on a 24-hour clock', () => {
    expect(formatDateTime('2026-11-21T22:05:00Z', 'UTC', 'fr')).toBe('21/11/2026 22:05 UTC');
    expect(formatDateTime('2026-11-21T22:05:00Z', 'UTC', 'en')).toBe('11/21/2026 10:05 PM UTC');
  });

  it('shows money with the dollar sign and the language separators', () => {
    expect(plain(formatMoney(1234.5, 'EUR', 2, 'fr'))).toBe('1 234,50 $');
    expect(plain(formatMoney(-12, 'CAD', 2, 'fr'))).toBe('-12,00 $');
    expect(formatMoney(1234.5, 'EUR', 2, 'en')).toBe('$1,234.50');
  });

  it('shows numbers with the language separators', () => {
    expect(plain(formatNumber(1234567.5, 'fr'))).toBe('1 234 567,5');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(undefined, 'fr')).toBe('');
  });
});
