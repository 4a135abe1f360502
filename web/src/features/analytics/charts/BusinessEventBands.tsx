import { alpha, useTheme } from '@mui/material/styles';
import { useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import type { AnalysisHorizon, BusinessEventBand } from '@infra/contracts';
import { useAppSelector } from '../../../app/hooks';
import { selectSelectedOrganizationId } from '../../selection/selectedOrganizationSlice';
import { useGetBusinessEventBandsQuery, type BusinessEventBandsArgs } from '../../events/eventsApi';
import type { AnalysisScope } from '../analyticsApi';

/** The narrowest band drawn, in pixels: an event shorter than a bucket still shows. */
const MIN_BAND_WIDTH = 3;

/**
 * Business events drawn over a time chart (inside its container, with the chart's own x scale): each a shaded vertical
 * band over its time span, cut to the drawing area, named on hover (an SVG title).
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
      {bands.map((band) => {
        const start = clamp(x(new Date(band.startDate)));
        const end = clamp(x(new Date(band.endDate)));
        const width = Math.max(end - start, MIN_BAND_WIDTH);
        return (
          <g key={band.id} data-testid="event-band" aria-label={band.name} role="img">
            <title>{band.name}</title>
            <rect
              x={Math.min(start, right - width)}
              y={area.top}
              width={width}
              height={area.height}
              fill={fill}
              stroke={stroke}
              strokeDasharray="4 3"
            />
          </g>
        );
      })}
    </g>
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

/**
 * The events of a chart's target over the chart's horizon, as bands. One request per target and window, cached: the
 * workload and cost charts of a dashboard share it.
 */
export function TargetEventBands({ scope, horizon }: { scope: AnalysisScope; horizon: AnalysisHorizon }) {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { currentData } = useGetBusinessEventBandsQuery(bandArgsOf(scope, organizationId, horizon), {
    skip: !organizationId,
  });
  return <BusinessEventBands bands={currentData ?? []} />;
}
