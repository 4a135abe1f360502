import { alpha, useTheme } from '@mui/material/styles';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import type { AnalysisHorizon, BusinessEventBand } from '@infra/contracts';
import { useAppSelector } from '../../../app/hooks';
import { selectSelectedOrganizationId } from '../../selection/selectedOrganizationSlice';
import { useGetBusinessEventBandsQuery, type BusinessEventBandsArgs } from '../../events/eventsApi';
import type { AnalysisScope } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { LegendItem } from './ChartLegend';

/** The narrowest band drawn, in pixels: an event shorter than a bucket still shows. */
const MIN_BAND_WIDTH = 3;
/** About the width of a character of the band's 11 px name. */
const CHARACTER_WIDTH = 6.5;

/**
 * Business events drawn over a time chart (inside its container, with the chart's own x scale): each a shaded vertical
 * band over its time span, cut to the drawing area, numbered at its top as in the legend under the chart
 * (EventBandsLegend) and named there too when the band is wide enough; also named on hover (an SVG title).
 */
export function BusinessEventBands({ bands }: { bands: readonly BusinessEventBand[] }) {
  const theme = useTheme();
  const x = useXScale<'time'>();
  const area = useDrawingArea();
  if (bands.length === 0) return null;
  const left = area.left;
  const right = area.left + area.width;
  const clamp = (value: number) => Math.min(right, Math.max(left, value));
  const fill = alpha(theme.palette.secondary.main, 0.12);
  const stroke = alpha(theme.palette.secondary.main, 0.5);
  return (
    <g data-testid="event-bands">
      {bands.map((band, index) => {
        const start = clamp(x(new Date(band.startDate)));
        const end = clamp(x(new Date(band.endDate)));
        const width = Math.max(end - start, MIN_BAND_WIDTH);
        const bandX = Math.min(start, right - width);
        const number = String(index + 1);
        const named = width >= (number.length + band.name.length + 2) * CHARACTER_WIDTH + 8;
        // The label inside the band when it fits, else beside its left edge (inside the chart).
        const labelX = named || bandX + 4 + 16 < right ? bandX + 4 : right - 16;
        return (
          <g key={band.id} data-testid="event-band" aria-label={band.name} role="img">
            <title>{band.name}</title>
            <rect
              x={bandX}
              y={area.top}
              width={width}
              height={area.height}
              fill={fill}
              stroke={stroke}
              strokeDasharray="4 3"
            />
            <text
              x={labelX}
              y={area.top + 12 + 14 * (index % 2)}
              fontSize={11}
              fontWeight={600}
              fill={theme.palette.secondary.dark}
              stroke={theme.palette.background.paper}
              strokeWidth={3}
              paintOrder="stroke"
              data-testid="event-band-label"
            >
              {named ? `${number} ${band.name}` : number}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The events drawn as bands, numbered and named with their dates under the chart. */
export function EventBandsLegend({ bands }: { bands: readonly BusinessEventBand[] }) {
  const theme = useTheme();
  const format = useAnalyticsFormat();
  if (bands.length === 0) return null;
  const date = (value: string) => format.bucket(value, 'hour', true);
  return (
    <>
      {bands.map((band, index) => (
        <LegendItem
          key={band.id}
          testId="legend-event"
          label={`${index + 1} ${band.name}`}
          detail={`${date(band.startDate)} – ${date(band.endDate)}`}
          swatch={
            <svg width={18} height={12}>
              <rect
                x={0.5}
                y={0.5}
                width={17}
                height={11}
                fill={alpha(theme.palette.secondary.main, 0.12)}
                stroke={alpha(theme.palette.secondary.main, 0.5)}
                strokeDasharray="4 3"
              />
            </svg>
          }
        />
      ))}
    </>
  );
}

/**
 * The `business-events/target/{id}` arguments of an analysis scope over a horizon: an asset or a collection by its id
 * (a collection narrowed by tags: the organization with the collection and the tags, as its ratings are asked), the
 * organization (and a view, which is the organization with its filter) by the organization's id and the filter.
 */
export function bandArgsOf(
  scope: AnalysisScope,
  organizationId: string,
  horizon: Pick<AnalysisHorizon, 'start' | 'end'>,
): BusinessEventBandsArgs {
  const window = { startDate: horizon.start, endDate: horizon.end };
  switch (scope.kind) {
    case 'asset':
      return { targetId: scope.id, ...window };
    case 'collection':
      return scope.tagIds.length > 0
        ? { targetId: organizationId, ...window, tagIds: scope.tagIds, collectionIds: [scope.id] }
        : { targetId: scope.id, ...window };
    case 'organization':
      return { targetId: organizationId, ...window, tagIds: scope.tagIds, collectionIds: scope.collectionIds };
  }
}

/** The events of a chart's target over the chart's horizon (one request per target and window, cached). */
function useTargetEventBands(scope: AnalysisScope, horizon: AnalysisHorizon): readonly BusinessEventBand[] {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { currentData } = useGetBusinessEventBandsQuery(bandArgsOf(scope, organizationId, horizon), {
    skip: !organizationId,
  });
  return currentData ?? NO_BANDS;
}

const NO_BANDS: readonly BusinessEventBand[] = [];

/**
 * The events of a chart's target over the chart's horizon, as bands. One request per target and window, cached: the
 * workload and cost charts of a dashboard, and their legends, share it.
 */
export function TargetEventBands({ scope, horizon }: { scope: AnalysisScope; horizon: AnalysisHorizon }) {
  return <BusinessEventBands bands={useTargetEventBands(scope, horizon)} />;
}

/** The legend of TargetEventBands: each event's number, name and dates. */
export function TargetEventLegend({ scope, horizon }: { scope: AnalysisScope; horizon: AnalysisHorizon }) {
  return <EventBandsLegend bands={useTargetEventBands(scope, horizon)} />;
}
