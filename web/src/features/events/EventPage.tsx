import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isUuid, type BusinessEventDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useParams } from 'react-router-dom';
import { httpStatusOf } from '../../api/errors';
import { TOAST_KEYS } from '../../api/toastRules';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { Loading } from '../../shared/components/Loading';
import { useFormat } from '../../shared/format';
import { isNotFound } from '../dashboard/entityQueries';
import { useInventoryAccess } from '../management/useInventoryAccess';
import NotFoundPage from '../placeholder/NotFoundPage';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { EventsFrame, useAccountTimeZone } from './EventsFrame';
import { eventsApi, useGetBusinessEventImpactQuery, useGetBusinessEventQuery } from './eventsApi';
import { ExpectedImpactCard } from './ExpectedImpactCard';
import { MeasuredImpactCard } from './MeasuredImpactCard';
import { DetailList, type DetailRow } from './DetailList';

/** While analytics has not measured the event, the page asks again this often. */
export const IMPACT_POLL_MS = 4000;

function EventDetails({ event, timeZone }: { event: BusinessEventDto; timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { collectionIds, tagIds, assetIds } = event.assignment;
  const rows: DetailRow[] = [
    ['events.fields.description', event.description || t('common.notSet'), 'event-description'],
    ['events.fields.start', format.dateTime(event.startDate, timeZone), 'event-start'],
    ['events.fields.end', format.dateTime(event.endDate, timeZone), 'event-end'],
    ['events.fields.assets', format.number(event.assetCount), 'event-asset-count'],
    [
      'events.details.rules',
      t('events.details.rulesCount', {
        collections: collectionIds.length,
        tags: tagIds.length,
        assets: assetIds.length,
      }),
      'event-rules',
    ],
  ];
  return (
    <Card component="section" aria-label={t('events.details.title')} data-testid="event-details">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('events.details.title')}
        </Typography>
        <DetailList rows={rows} />
      </CardContent>
    </Card>
  );
}

/** The measured and expected impact; asked again every few seconds until analytics has measured the event. */
function EventImpact({ eventId, timeZone, canEdit }: { eventId: string; timeZone: string; canEdit: boolean }) {
  // What is cached decides the polling: none once the event has been measured.
  const { data: cached } = eventsApi.endpoints.getBusinessEventImpact.useQueryState(eventId);
  const { currentData: impact, error } = useGetBusinessEventImpactQuery(eventId, {
    pollingInterval: cached?.measuredAt ? 0 : IMPACT_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  // Analytics learns of a new event a moment after it is saved: until then its 404 means "not measured yet" too.
  const notYet = httpStatusOf(error) === 404;
  const measuring = notYet || (impact !== undefined && impact.measuredAt === null);
  return (
    <Stack spacing={3}>
      <MeasuredImpactCard impact={impact} measuring={measuring} failed={!!error && !notYet} timeZone={timeZone} />
      {impact ? <ExpectedImpactCard key={eventId} eventId={eventId} impact={impact} canEdit={canEdit} /> : null}
    </Stack>
  );
}

/** The event page (`/admin/events/:id`): its details, measured impact and expected impact. */
export default function EventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const timeZone = useAccountTimeZone();
  const { isAdmin } = useInventoryAccess();
  const validId = isUuid(id);
  const { data: event, error, refetch } = useGetBusinessEventQuery(id, { skip: !validId || !organizationId });

  if (!validId || isNotFound(error)) return <NotFoundPage entityKey="notFound.entities.event" titleKey="pages.event" />;
  let body;
  if (error)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {t(TOAST_KEYS.queryError)}
      </Alert>
    );
  else if (!event) body = <Loading />;
  else
    body = (
      <Stack spacing={3}>
        <EventDetails event={event} timeZone={timeZone} />
        <EventImpact eventId={event.id} timeZone={timeZone} canEdit={isAdmin} />
      </Stack>
    );
  return (
    <EventsFrame
      titleKey="pages.event"
      {...(event ? { heading: event.name } : {})}
      actions={
        event && isAdmin ? (
          <Button
            variant="outlined"
            startIcon={<EditOutlined />}
            component={RouterLink}
            to={generatePath(ROUTES.eventEdit, { id: event.id })}
            data-testid="event-edit"
            sx={{ flexShrink: 0 }}
          >
            {t('events.page.edit')}
          </Button>
        ) : null
      }
    >
      {body}
    </EventsFrame>
  );
}
