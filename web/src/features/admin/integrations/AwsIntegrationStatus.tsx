import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { InventoryErrorCode, type AwsIntegrationDto, type SyncState } from '@infra/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format';
import { isSyncActive } from './awsIntegrationForm';

const STATE_COLORS: Record<SyncState, ChipProps['color']> = {
  never: 'default',
  queued: 'info',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

export interface AwsIntegrationStatusProps {
  integration: AwsIntegrationDto;
  /** The account's IANA time zone: times show in it. */
  timeZone: string;
  canManage: boolean;
  syncing: boolean;
  /** Why the last "Sync now" was refused, as a translation key. */
  syncErrorKey: string | null;
  onSync: () => void;
}

/** The integration's role, regions and last sync (time, counts, error), with "Sync now" for Admins. */
export function AwsIntegrationStatus({
  integration,
  timeZone,
  canManage,
  syncing,
  syncErrorKey,
  onSync,
}: AwsIntegrationStatusProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const active = isSyncActive(integration.state);
  const counts = integration.lastCounts;
  const notYet = t('integrations.aws.notYet');
  return (
    <Card sx={{ height: '100%' }} data-testid="aws-status">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            {t('integrations.aws.statusTitle')}
          </Typography>
          <Chip
            color={STATE_COLORS[integration.state]}
            label={t(`integrations.aws.states.${integration.state}`)}
            data-testid="aws-state"
            size="small"
          />
          {canManage ? (
            <Button
              variant="contained"
              startIcon={<SyncOutlined />}
              onClick={onSync}
              disabled={active || syncing}
              data-testid="aws-sync"
            >
              {t('integrations.aws.syncNow')}
            </Button>
          ) : null}
        </Box>
        {active ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="aws-sync-active">
            {t(`integrations.aws.active.${integration.state}`)}
          </Alert>
        ) : null}
        {syncErrorKey ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="aws-sync-error">
            {t(syncErrorKey)}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Detail label={t('integrations.aws.fields.roleArn')} testId="aws-role-arn">
            {integration.roleArn}
          </Detail>
          <Detail label={t('integrations.aws.fields.externalId')}>{integration.externalId}</Detail>
          <Detail label={t('integrations.aws.fields.regions')}>
            {integration.regions.length > 0 ? integration.regions.join(', ') : t('integrations.aws.allRegions')}
          </Detail>
          <Detail label={t('integrations.aws.lastRun')} testId="aws-last-run">
            {format.dateTime(integration.lastRunAt, timeZone) || notYet}
          </Detail>
          <Detail label={t('integrations.aws.lastSucceeded')}>
            {format.dateTime(integration.lastSucceededAt, timeZone) || notYet}
          </Detail>
          <Detail label={t('integrations.aws.lastCounts')} testId="aws-counts">
            {counts
              ? t('integrations.aws.counts', {
                  created: format.number(counts.created),
                  updated: format.number(counts.updated),
                  seen: format.number(counts.seen),
                })
              : notYet}
          </Detail>
        </Grid>
        {integration.lastError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="aws-last-error">
            <AlertTitle>{t('integrations.aws.lastError')}</AlertTitle>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {integration.lastError}
            </Box>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The text of a refused "Sync now": a sync already under way, or anything else. */
export function syncErrorKeyOf(code: string | undefined): string {
  return code === InventoryErrorCode.SyncAlreadyRunning ? 'integrations.aws.syncRunning' : 'toast.unknownError';
}
