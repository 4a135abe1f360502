import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignTagsSummary } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { useFormat } from '../../shared/format';
import { TaggingFrame } from './TaggingFrame';
import { TagStatusChip } from './TagStatusChip';
import { summaryStateOf } from './tagRules';

const ASSIGNMENT_COUNTS: (keyof AssignTagsSummary)[] = [
  'tags',
  'assets',
  'newlyAssigned',
  'alreadyPresent',
  'unassigned',
];

/** Summary (spec §2): what a creation or an assignment did, handed over by the page that did it. */
export default function TagSummaryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const summary = summaryStateOf(useLocation().state);
  const back = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
      <Button variant="contained" component={RouterLink} to={ROUTES.tagLibrary} data-testid="summary-back">
        {t('tags.summary.backToLibrary')}
      </Button>
      {summary?.kind === 'created' ? (
        <Button variant="outlined" component={RouterLink} to={ROUTES.tagAssign}>
          {t('tags.library.assign')}
        </Button>
      ) : null}
    </Stack>
  );

  if (!summary)
    return (
      <TaggingFrame titleKey="pages.tagSummary">
        <Alert severity="info">{t('tags.summary.nothing')}</Alert>
        {back}
      </TaggingFrame>
    );

  return (
    <TaggingFrame titleKey="pages.tagSummary">
      <Card>
        <CardContent>
          {summary.kind === 'created' ? (
            <>
              <Typography variant="h6" component="h2">
                {t('tags.summary.created', { count: summary.tags.length })}
              </Typography>
              <List dense data-testid="summary-created">
                {summary.tags.map((tag) => (
                  <ListItem key={tag.id} disableGutters secondaryAction={<TagStatusChip status={tag.status} />}>
                    <ListItemText primary={tag.tagId} secondary={tag.description || undefined} />
                  </ListItem>
                ))}
              </List>
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2">
                {t('tags.summary.assigned')}
              </Typography>
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', my: 1.5 }}>
                {summary.tagIds.map((tagId) => (
                  <Chip key={tagId} size="small" label={tagId} />
                ))}
              </Stack>
              <Box
                component="dl"
                data-testid="summary-assigned"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
                  gap: 2,
                  my: 1,
                }}
              >
                {ASSIGNMENT_COUNTS.map((count) => (
                  <Box key={count} data-testid={`summary-${count}`}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`tags.summary.counts.${count}`)}
                    </Typography>
                    <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                      {format.number(summary.summary[count])}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </>
          )}
          {back}
        </CardContent>
      </Card>
    </TaggingFrame>
  );
}
