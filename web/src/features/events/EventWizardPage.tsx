import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { BusinessEventErrorCode, isUuid, type BusinessEventAssignment, type BusinessEventDto } from '@infra/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorCodeOf } from '../../api/errors';
import { TOAST_KEYS } from '../../api/toastRules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { isNotFound } from '../dashboard/entityQueries';
import { inventoryApi, useGetCollectionsQuery } from '../management/inventoryApi';
import NotFoundPage from '../placeholder/NotFoundPage';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import type { TargetChoice } from '../tags/tagRules';
import { useGetTagsQuery } from '../tags/tagsApi';
import { EventAssignStep } from './EventAssignStep';
import { EventDetailsStep } from './EventDetailsStep';
import {
  assignmentOf,
  changedFieldsOf,
  createRequestOf,
  EMPTY_EVENT_FORM,
  EVENT_RULE_KEYS,
  formOf,
  type EventForm,
  type EventFormIssues,
  type EventSummary,
  type TagChoice,
} from './eventRules';
import { EventsFrame, useAccountTimeZone } from './EventsFrame';
import {
  useAssignBusinessEventMutation,
  useCreateBusinessEventMutation,
  useGetBusinessEventQuery,
  useUpdateBusinessEventMutation,
} from './eventsApi';
import { EventSummaryStep } from './EventSummaryStep';

const STEPS = ['events.steps.details', 'events.steps.assignment', 'events.steps.summary'] as const;

/**
 * The rules the server found broken on a save, shown under their fields. A name taken says only that (beside the
 * "already exist" toast), not the character rule that the name keeps.
 */
function serverIssuesOf(error: unknown): EventFormIssues {
  const code = errorCodeOf(error);
  if (code === BusinessEventErrorCode.NameTaken) return { name: 'events.rules.nameTaken' };
  if (code === BusinessEventErrorCode.DatesInvalid) return { dates: EVENT_RULE_KEYS.dates };
  return {};
}

export interface EventWizardProps {
  mode: 'new' | 'edit';
  /** Edit Event: the event and its rules as saved. */
  event?: BusinessEventDto;
  initialTags?: TagChoice[];
  initialTargets?: TargetChoice[];
}

/**
 * The event flow (§2, §4): the details (Next creates the event, or saves the changed fields of an edited one), then
 * Event Assignment (Assign / Update, or Skip), then the Summary.
 */
export function EventWizard({ mode, event: initialEvent, initialTags = [], initialTargets = [] }: EventWizardProps) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const [step, setStep] = useState(0);
  const [event, setEvent] = useState<BusinessEventDto | undefined>(initialEvent);
  const [form, setForm] = useState<EventForm>(() => (initialEvent ? formOf(initialEvent, timeZone) : EMPTY_EVENT_FORM));
  const [serverIssues, setServerIssues] = useState<EventFormIssues>({});
  const [tags, setTags] = useState<TagChoice[]>(initialTags);
  const [targets, setTargets] = useState<TargetChoice[]>(initialTargets);
  const [assignFailed, setAssignFailed] = useState(false);
  const [summary, setSummary] = useState<EventSummary | undefined>();
  const { data: tagOptions, isFetching: tagsLoading } = useGetTagsQuery({ includeSystemTags: true });
  const [createEvent, { isLoading: creating }] = useCreateBusinessEventMutation();
  const [updateEvent, { isLoading: updating }] = useUpdateBusinessEventMutation();
  const [assignEvent, { isLoading: assigning }] = useAssignBusinessEventMutation();

  const changeForm = (next: EventForm) => {
    // A rule the server found broken holds until its field changes.
    setServerIssues((current) => ({
      ...(current.name && next.name === form.name ? { name: current.name } : {}),
      ...(current.dates && next.start === form.start && next.end === form.end ? { dates: current.dates } : {}),
    }));
    setForm(next);
  };

  // Next: a new event is created without rules; an existing one (edited, or created and come Back to) saves what
  // changed, if anything.
  const saveDetails = async () => {
    if (!event) {
      const result = await createEvent(createRequestOf(form, timeZone));
      if (result.error) return setServerIssues(serverIssuesOf(result.error));
      setEvent(result.data);
      return setStep(1);
    }
    const changes = changedFieldsOf(event, form, timeZone);
    if (Object.keys(changes).length > 0) {
      const result = await updateEvent({ id: event.id, ...changes });
      if (result.error) return setServerIssues(serverIssuesOf(result.error));
      setEvent(result.data);
    }
    return setStep(1);
  };

  const assign = async () => {
    if (!event) return;
    setAssignFailed(false);
    const assignment: BusinessEventAssignment = assignmentOf(tags, targets);
    const result = await assignEvent({ id: event.id, assignment });
    if (result.error) return setAssignFailed(true);
    setSummary({ event: result.data, outcome: 'assigned', tags, targets });
    return setStep(2);
  };

  const skip = () => {
    if (!event) return;
    setAssignFailed(false);
    // Skip on Edit Event keeps the saved rules; on a new event there are none.
    setSummary(
      mode === 'edit'
        ? { event, outcome: 'kept', tags: initialTags, targets: initialTargets }
        : { event, outcome: 'skipped', tags: [], targets: [] },
    );
    setStep(2);
  };

  return (
    <Card>
      <CardContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} data-testid="event-steps">
          {STEPS.map((key, index) => (
            <Step key={key} completed={step > index}>
              <StepLabel>{t(key)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 ? (
          <EventDetailsStep
            form={form}
            onChange={changeForm}
            timeZone={timeZone}
            serverIssues={serverIssues}
            submitting={creating || updating}
            onSubmit={() => void saveDetails()}
          />
        ) : null}
        {step === 1 ? (
          <EventAssignStep
            mode={mode}
            tagOptions={tagOptions ?? []}
            tagsLoading={tagsLoading}
            tags={tags}
            onTagsChange={setTags}
            targets={targets}
            onTargetsChange={setTargets}
            submitting={assigning}
            failed={assignFailed}
            onBack={() => setStep(0)}
            onSkip={skip}
            onAssign={() => void assign()}
          />
        ) : null}
        {step === 2 && summary ? <EventSummaryStep summary={summary} timeZone={timeZone} /> : null}
      </CardContent>
    </Card>
  );
}

/** Assets read at once while the names of an event's assets are resolved. */
const ASSET_READS_AT_ONCE = 8;

/**
 * The chosen rules of a saved assignment with their names (collections and tags from the organization's lists, each
 * asset read by id); undefined while they load. An asset that cannot be read keeps its id as its name.
 */
function useAssignmentChoices(assignment: BusinessEventAssignment | undefined) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: collections } = useGetCollectionsQuery();
  const { data: tags } = useGetTagsQuery({ includeSystemTags: true });
  const [assets, setAssets] = useState<TargetChoice[] | undefined>();
  const assetIds = assignment?.assetIds.join(',');

  useEffect(() => {
    if (assetIds === undefined) return;
    let current = true;
    const ids = assetIds ? assetIds.split(',') : [];
    void (async () => {
      const loaded: TargetChoice[] = [];
      for (let index = 0; index < ids.length; index += ASSET_READS_AT_ONCE) {
        const batch = ids.slice(index, index + ASSET_READS_AT_ONCE);
        const read = await Promise.all(
          batch.map(async (assetId): Promise<TargetChoice> => {
            const request = dispatch(inventoryApi.endpoints.getAsset.initiate(assetId, { subscribe: false }));
            const result = await request;
            const asset = result.data;
            return { kind: 'asset', id: assetId, name: asset?.name ?? assetId, detail: asset?.externalId ?? '' };
          }),
        );
        loaded.push(...read);
      }
      if (current) setAssets(loaded);
    })();
    return () => {
      current = false;
    };
  }, [dispatch, assetIds]);

  if (!assignment || !collections || !tags || !assets) return undefined;
  const collectionById = new Map(collections.map((collection) => [collection.id, collection]));
  const tagById = new Map(tags.map((tag) => [tag.id, tag]));
  const chosenCollections = assignment.collectionIds.map((id): TargetChoice => {
    const collection = collectionById.get(id);
    return {
      kind: 'collection',
      id,
      name: collection?.name ?? id,
      detail: collection ? t('management.picker.collectionAssets', { count: collection.assetCount }) : '',
    };
  });
  return {
    tags: assignment.tagIds.map((id): TagChoice => ({ id, tagId: tagById.get(id)?.tagId ?? id })),
    targets: [...chosenCollections, ...assets],
  };
}

/** Edit Event: the event and its rules loaded, then the same steps with Update. */
function EditEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { data: event, error, refetch } = useGetBusinessEventQuery(eventId);
  const choices = useAssignmentChoices(event?.assignment);
  if (error)
    return (
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
  if (!event || !choices) return <Loading />;
  return <EventWizard mode="edit" event={event} initialTags={choices.tags} initialTargets={choices.targets} />;
}

/** Add Event (`/admin/events/new`) and Edit Event (`/admin/events/:id/edit`): for Admins. */
export default function EventWizardPage() {
  const { id } = useParams<{ id: string }>();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  // The same query as the form's (one request): its 404 is the whole page's "Oops! Event Not Found".
  const { error } = useGetBusinessEventQuery(id ?? '', { skip: !id || !isUuid(id) || !organizationId });
  if (id !== undefined && (!isUuid(id) || isNotFound(error)))
    return <NotFoundPage entityKey="notFound.entities.event" titleKey="pages.eventEdit" />;
  return (
    <EventsFrame titleKey={id ? 'pages.eventEdit' : 'pages.eventCreate'} adminOnly>
      {id ? <EditEvent key={id} eventId={id} /> : <EventWizard mode="new" />}
    </EventsFrame>
  );
}
