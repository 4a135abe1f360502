import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { AwsIntegrationRequest } from '@infra/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api';
import { errorCodeOf } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Loading } from '../../../shared/components/Loading';
import { PageHeader } from '../../../shared/components/PageHeader';
import { usePageTitle } from '../../../shared/usePageTitle';
import { useCurrentAccount } from '../../account/useCurrentAccount';
import { selectSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import { isSyncActive } from './awsIntegrationForm';
import {
  useGetAwsIntegrationQuery,
  useSaveAwsIntegrationMutation,
  useSyncAwsIntegrationMutation,
} from './awsIntegrationApi';
import { AwsIntegrationForm } from './AwsIntegrationForm';
import { AwsIntegrationStatus, syncErrorKeyOf } from './AwsIntegrationStatus';

/** How often the status is asked for while a sync is queued or running. */
export const SYNC_POLL_MS = 3000;

interface AwsIntegrationSectionProps {
  organizationId: string;
  timeZone: string;
  canManage: boolean;
}

/** The organization's AWS integration: its status (polled during a sync) and, for Admins, the form and "Sync now". */
function AwsIntegrationSection({ organizationId, timeZone, canManage }: AwsIntegrationSectionProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [active, setActive] = useState(false);
  const {
    data: integration,
    isLoading,
    isError,
  } = useGetAwsIntegrationQuery(organizationId, {
    pollingInterval: active ? SYNC_POLL_MS : 0,
  });
  const [save, { isLoading: saving }] = useSaveAwsIntegrationMutation();
  const [sync, { isLoading: syncing }] = useSyncAwsIntegrationMutation();
  const [syncErrorKey, setSyncErrorKey] = useState<string | null>(null);
  const state = integration?.state;
  const wasActive = useRef(false);

  useEffect(() => {
    const nowActive = isSyncActive(state);
    setActive(nowActive);
    // A finished sync changed the organization's assets: lists and counts read them again.
    if (wasActive.current && !nowActive) dispatch(api.util.invalidateTags([{ type: 'Asset', id: 'LIST' }]));
    wasActive.current = nowActive;
  }, [state, dispatch]);

  const startSync = async () => {
    setSyncErrorKey(null);
    const result = await sync(organizationId);
    if (result.error) setSyncErrorKey(syncErrorKeyOf(errorCodeOf(result.error)));
  };

  const store = async (request: AwsIntegrationRequest) => {
    await save({ organizationId, request });
  };

  if (isLoading) return <Loading />;
  if (isError) {
    // The toast says so too; this keeps the page from claiming there is no integration.
    return (
      <Alert severity="error" data-testid="aws-error">
        {t('toast.queryError')}
      </Alert>
    );
  }
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: canManage ? 7 : 12 }}>
        {integration ? (
          <AwsIntegrationStatus
            integration={integration}
            timeZone={timeZone}
            canManage={canManage}
            syncing={syncing}
            syncErrorKey={syncErrorKey}
            onSync={() => void startSync()}
          />
        ) : (
          <Alert severity="info" data-testid="aws-none">
            {t(canManage ? 'integrations.aws.noneAdmin' : 'integrations.aws.none')}
          </Alert>
        )}
      </Grid>
      {canManage ? (
        <Grid size={{ xs: 12, lg: 5 }}>
          <AwsIntegrationForm
            integration={integration ?? null}
            saving={saving}
            onSave={(request) => void store(request)}
          />
        </Grid>
      ) : (
        <Grid size={12}>
          <Alert severity="info" data-testid="aws-read-only">
            {t('integrations.aws.readOnly')}
          </Alert>
        </Grid>
      )}
    </Grid>
  );
}

/** Admin → Data → Integrations: the selected organization's AWS integration. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle('admin.sections.integrations.title');
  const { account, canManage, isLoading } = useCurrentAccount();
  const organization = useAppSelector(selectSelectedOrganization);
  if (isLoading) return <Loading />;
  return (
    <>
      <PageHeader
        title={t('admin.sections.integrations.title')}
        subtitle={organization.name || t('admin.sections.integrations.description')}
      />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('integrations.aws.title')}
      </Typography>
      {organization.id ? (
        <AwsIntegrationSection
          key={organization.id}
          organizationId={organization.id}
          timeZone={account?.timeZone || 'UTC'}
          canManage={canManage}
        />
      ) : (
        <Alert severity="info">{t('layout.noOrganizations')}</Alert>
      )}
    </>
  );
}
