import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { useFormat } from '../../shared/format';
import type { TargetChoice } from '../tags/tagRules';
import type { EventSummary } from './eventRules';
import { DetailList, type DetailRow } from './DetailList';

function ChipList({ testId, labels }: { testId: string; labels: string[] }) {
  const { t } = useTranslation();
  if (labels.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {t('events.summary.none')}
      </Typography>
    );
  return (
    <Box
      role="list"
      data-testid={testId}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, maxHeight: 160, overflowY: 'auto' }}
    >
      {labels.map((label, index) => (
        <Chip key={`${label}-${index}`} role="listitem" size="small" label={label} />
      ))}
    </Box>
  );
}

/** The Summary's heading for each way the assignment step ended. */
const HEADINGS: Record<EventSummary['outcome'], string> = {
  assigned: 'events.summary.assigned',
  skipped: 'events.summary.skipped',
  kept: 'events.summary.kept',
};

/** Summary (§2, §4): the event as saved, what it was assigned (or that the assignment was skipped) and its assets. */
export function EventSummaryStep({ summary, timeZone }: { summary: EventSummary; timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { event, outcome, tags, targets } = summary;
  const namesOf = (kind: TargetChoice['kind']) =>
    targets.filter((target) => target.kind === kind).map((target) => target.name);
  const rows: DetailRow[] = [
    ['events.fields.name', event.name, 'summary-name'],
    ['events.fields.description', event.description || t('common.notSet'), 'summary-description'],
    ['events.fields.start', format.dateTime(event.startDate, timeZone), 'summary-start'],
    ['events.fields.end', format.dateTime(event.endDate, timeZone), 'summary-end'],
  ];
  return (
    <Stack spacing={2} data-testid="event-summary">
      <Typography variant="h6" component="h2">
        {t(HEADINGS[outcome])}
      </Typography>
      <DetailList rows={rows} />
      {outcome === 'skipped' ? null : (
        <Stack spacing={1.5}>
          <Typography variant="subtitle2">{t('events.summary.collections')}</Typography>
          <ChipList testId="summary-collections" labels={namesOf('collection')} />
          <Typography variant="subtitle2">{t('events.summary.tags')}</Typography>
          <ChipList testId="summary-tags" labels={tags.map((tag) => tag.tagId)} />
          <Typography variant="subtitle2">{t('events.summary.assets')}</Typography>
          <ChipList testId="summary-assets" labels={namesOf('asset')} />
        </Stack>
      )}
      <Box data-testid="summary-resolved">
        <Typography component="span" variant="body2" color="text.secondary">
          {t('events.summary.resolved')}{' '}
        </Typography>
        <Typography component="span" variant="h6">
          {format.number(event.assetCount)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={generatePath(ROUTES.event, { id: event.id })}
          data-testid="summary-open-event"
        >
          {t('events.summary.openEvent')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={ROUTES.adminEvents} data-testid="summary-back">
          {t('events.summary.backToEvents')}
        </Button>
      </Stack>
    </Stack>
  );
}
