import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AnalysisHorizon } from '@infra/contracts';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../shared/components/ErrorBoundary';
import { RetryingNote, useRetryAttempts } from '../../shared/components/RetryingNote';
import { useNearViewport } from '../../shared/useNearViewport';
import type { AnalysisArgs } from './analyticsApi';
import { useAnalyticsFormat } from './analyticsFormat';

/** "Oops! Error loading widget" (§2, §8). */
export function WidgetError() {
  const { t } = useTranslation();
  return (
    <Alert severity="error" data-testid="widget-error">
      {t('dashboard.widgetError')}
    </Alert>
  );
}

/**
 * "No data for this period": the state of an analysis whose target had no sample in the horizon (`hasData` false),
 * instead of flat lines at zero and figures of 0.
 */
export function NoDataForPeriod({ horizon }: { horizon: AnalysisHorizon }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const granularity = horizon.granularity;
  return (
    <Alert severity="info" variant="outlined" data-testid="no-data-for-period" sx={{ my: 1 }}>
      <Typography variant="subtitle2" component="p">
        {t('analytics.noDataPeriod.title')}
      </Typography>
      <Typography variant="body2" component="p">
        {t('analytics.noDataPeriod.detail', {
          start: format.bucket(horizon.start, granularity, true),
          end: format.bucket(horizon.end, granularity, true),
        })}
      </Typography>
    </Alert>
  );
}

export interface WidgetFrameProps {
  title: string;
  testId: string;
  /** What the content shows (e.g. the query's arguments): a new one gives a failed widget another chance. */
  resetKey?: string;
  children: ReactNode;
}

/** One widget: a titled card whose content (hooks included) fails on its own. */
export function WidgetFrame({ title, testId, resetKey, children }: WidgetFrameProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {/* A widget that throws while rendering shows the widget error; the others go on. */}
        <ErrorBoundary key={resetKey} fallback={<WidgetError />}>
          {children}
        </ErrorBoundary>
      </CardContent>
    </Card>
  );
}

export interface QueryContentProps<T> {
  /**
   * The query's state: `currentData` only, so a new filter never shows the previous one's figures; `requestId` to
   * say when the request is being retried.
   */
  query: { currentData?: T; isError: boolean; requestId?: string };
  skip: boolean;
  /** Height of the loading placeholder. */
  height?: number;
  children: (data: T) => ReactNode;
}

/** The deferred answer's value before the first one (undefined cannot be `useDeferredValue`'s initial value). */
const NOT_YET = Symbol('not yet');

/**
 * A widget's query states: the widget error, "no organization", loading, or the content; while the request is being
 * retried (a service down or slow), "Retrying…" above the placeholder or the figures shown.
 */
export function QueryContent<T>({ query, skip, height = 160, children }: QueryContentProps<T>) {
  const { t } = useTranslation();
  // An answer re-renders its widget at once (a store update is never time-sliced): a dashboard's charts drawn that
  // way were one task of seconds on a phone (issue 21, item 8). Deferred, the content is drawn in a background
  // render React slices and interrupts; the placeholder stays until then. Safe because the frame remounts this for
  // other arguments (its `resetKey`), so a deferred answer is always the current arguments' own.
  const deferred = useDeferredValue<T | typeof NOT_YET>(query.currentData ?? NOT_YET, NOT_YET);
  const currentData = deferred === NOT_YET || query.currentData === undefined ? undefined : deferred;
  const retrying = useRetryAttempts(query.requestId);
  // The answer is asked for at once; it is drawn once the widget is near the viewport (the placeholder until then).
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  if (query.isError) return <WidgetError />;
  if (skip) return <Typography color="text.secondary">{t('layout.noOrganizations')}</Typography>;
  const note = retrying === undefined ? null : <RetryingNote failedAttempts={retrying} />;
  return (
    <div ref={nearRef}>
      {note}
      {currentData === undefined || !near ? <Skeleton variant="rounded" height={height} /> : children(currentData)}
    </div>
  );
}

/** The props of a widget that shows one analysis of a dashboard's target. */
export interface AnalysisWidgetProps {
  args: AnalysisArgs;
  /** No organization selected (or no target id): nothing is asked. */
  skip: boolean;
}

export interface AnalysisWidgetOptions<T> extends AnalysisWidgetProps {
  titleKey: string;
  testId: string;
  /** Height of the loading placeholder. */
  height?: number;
  /** The RTK Query hook of the analysis. */
  useQuery: (args: AnalysisArgs, options: { skip: boolean }) => QueryContentProps<T>['query'];
  children: (data: T) => ReactNode;
}

/** A widget of one analysis: its frame, its query (inside the frame's error boundary) and its content. */
export function AnalysisWidget<T>({ titleKey, testId, args, ...content }: AnalysisWidgetOptions<T>) {
  const { t } = useTranslation();
  return (
    <WidgetFrame title={t(titleKey)} testId={testId} resetKey={JSON.stringify(args)}>
      <AnalysisContent args={args} {...content} />
    </WidgetFrame>
  );
}

function AnalysisContent<T>({
  args,
  skip,
  height,
  useQuery,
  children,
}: Omit<AnalysisWidgetOptions<T>, 'titleKey' | 'testId'>) {
  const query = useQuery(args, { skip });
  return (
    <QueryContent query={query} skip={skip} height={height}>
      {children}
    </QueryContent>
  );
}
