import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { BusinessOverviewResponse } from '@infra/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS } from '../../../config';
import { useGetBusinessOverviewQuery } from '../analyticsApi';
import { useAnalyticsFormat, type AnalyticsFormat } from '../analyticsFormat';
import { AssetLink } from '../Figures';
import { QueryContent, WidgetFrame, type AnalysisWidgetProps } from '../WidgetFrame';

/** One highlight: its kind, the asset it is about, and what stands out. */
export interface HighlightSlide {
  key: string;
  kind: string;
  assetId: string;
  name: string;
  detail: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

const signed = (value: number, format: AnalyticsFormat) => `${value > 0 ? '+' : ''}${format.rating(value)}`;

/** The organization's highlights (largest gaps, savings, rating changes) as slides, in that order. */
export function highlightSlides(
  overview: Pick<BusinessOverviewResponse, 'highlights' | 'currency'>,
  t: Translate,
  format: AnalyticsFormat,
): HighlightSlide[] {
  const { largestGaps, savings, ratingChanges } = overview.highlights;
  return [
    ...largestGaps.map((gap) => ({
      key: `gap:${gap.assetId}`,
      kind: t('analytics.highlights.gap'),
      assetId: gap.assetId,
      name: gap.name,
      detail: t('analytics.highlights.gapDetail', {
        over: format.hours(gap.hoursOverMax),
        below: format.hours(gap.hoursBelowMin),
      }),
    })),
    ...savings.map((saving) => ({
      key: `savings:${saving.assetId}`,
      kind: t('analytics.highlights.savings'),
      assetId: saving.assetId,
      name: saving.name,
      detail: t('analytics.highlights.savingsDetail', {
        amount: format.money(saving.monthlySavings, overview.currency),
      }),
    })),
    ...ratingChanges.map((change) => ({
      key: `rating:${change.assetId}`,
      kind: t('analytics.highlights.rating'),
      assetId: change.assetId,
      name: change.name,
      detail: t('analytics.highlights.ratingDetail', {
        rating: format.rating(change.infraRating),
        change: signed(change.change, format),
        previous: format.rating(change.previous),
      }),
    })),
  ];
}

/**
 * Slides that turn every CAROUSEL_INTERVAL_MS (§9), pausing while hovered or focused; previous and next buttons
 * move by hand (and restart the interval). Screen readers hear a slide only when it does not turn by itself.
 */
export function Carousel({ slides, label }: { slides: readonly HighlightSlide[]; label: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const paused = hovered || focused;
  const current = slides[count > 0 ? index % count : 0];

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((shown) => (shown + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, count]);

  if (!current) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('analytics.highlights.none')}
      </Typography>
    );
  }
  const move = (step: number) => setIndex((shown) => (shown + step + count) % count);
  return (
    <Box
      role="group"
      aria-roledescription={t('analytics.highlights.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <IconButton aria-label={t('analytics.highlights.previous')} onClick={() => move(-1)} disabled={count < 2}>
        <ChevronLeft />
      </IconButton>
      <Box
        role="group"
        aria-roledescription={t('analytics.highlights.slide')}
        aria-label={t('analytics.highlights.position', { index: (index % count) + 1, count })}
        aria-live={paused ? 'polite' : 'off'}
        data-testid="highlight-slide"
        sx={{ flex: 1, minWidth: 0, minHeight: 72 }}
      >
        <Typography variant="caption" color="text.secondary" component="div">
          {current.kind} · {t('analytics.highlights.position', { index: (index % count) + 1, count })}
        </Typography>
        <AssetLink id={current.assetId} name={current.name} />
        <Typography variant="body2">{current.detail}</Typography>
      </Box>
      <IconButton aria-label={t('analytics.highlights.next')} onClick={() => move(1)} disabled={count < 2}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}

/** The organization's highlights from its business overview, turning in a carousel (home page). */
export function HighlightsCarousel({ args, skip }: AnalysisWidgetProps) {
  const { t } = useTranslation();
  return (
    <WidgetFrame title={t('analytics.widgets.highlights')} testId="widget-highlights" resetKey={JSON.stringify(args)}>
      <HighlightsContent args={args} skip={skip} />
    </WidgetFrame>
  );
}

function HighlightsContent({ args, skip }: AnalysisWidgetProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const query = useGetBusinessOverviewQuery(args, { skip });
  return (
    <QueryContent query={query} skip={skip} height={72}>
      {({ analysis }) => (
        <Carousel slides={highlightSlides(analysis, t, format)} label={t('analytics.widgets.highlights')} />
      )}
    </QueryContent>
  );
}
