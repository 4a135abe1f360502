import type { TimeHorizon } from '@infra/contracts';

const KEYS: Record<TimeHorizon, string> = {
  'Last 24 Hours': 'dashboard.timeHorizons.last24Hours',
  'Last 7 Days': 'dashboard.timeHorizons.last7Days',
  'Last 30 Days': 'dashboard.timeHorizons.last30Days',
  'Last 90 Days': 'dashboard.timeHorizons.last90Days',
  'Last 12 Months': 'dashboard.timeHorizons.last12Months',
};

/** The translation key of a time horizon's label ("Last 30 Days" by default). */
export function timeHorizonKey(horizon: TimeHorizon): string {
  return KEYS[horizon];
}
