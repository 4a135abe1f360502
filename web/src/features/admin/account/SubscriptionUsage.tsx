import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OrganizationDto } from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format';
import { useGetOrganizationAssetCountsQuery } from '../organizations/assetCountsApi';

type OrganizationRef = Pick<OrganizationDto, 'id' | 'name'>;

export interface AssetUsage {
  /** Assets of all the account's organizations. */
  used: number;
  /** False while the counts are loading (or could not be read). */
  known: boolean;
  isError: boolean;
  byOrganization: (OrganizationRef & { total: number })[];
}

/** The account's asset usage: the inventory's asset count of each of its organizations, added up. */
export function useAssetUsage(organizations: readonly OrganizationRef[]): AssetUsage {
  const ids = useMemo(() => organizations.map(({ id }) => id), [organizations]);
  const { data, isError } = useGetOrganizationAssetCountsQuery(ids, { skip: ids.length === 0 });
  if (ids.length === 0) return { used: 0, known: true, isError: false, byOrganization: [] };
  if (!data) return { used: 0, known: false, isError, byOrganization: [] };
  const byOrganization = organizations.map((organization) => ({
    ...organization,
    total: data.find((count) => count.organizationId === organization.id)?.total ?? 0,
  }));
  return { used: byOrganization.reduce((sum, { total }) => sum + total, 0), known: true, isError, byOrganization };
}

export interface SubscriptionUsageProps {
  organizations: readonly OrganizationRef[];
  /** The plan's asset limit. */
  limit: number;
}

/** "N of LIMIT assets", with a bar and each organization's count. */
export function SubscriptionUsage({ organizations, limit }: SubscriptionUsageProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { used, known, isError, byOrganization } = useAssetUsage(organizations);
  if (isError) {
    return (
      <Alert severity="error" data-testid="subscription-usage-error">
        {t('toast.queryError')}
      </Alert>
    );
  }
  if (!known) return <Skeleton height={72} data-testid="subscription-usage-loading" />;
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Box data-testid="subscription-usage">
      <Typography variant="h5" component="p" data-testid="subscription-usage-text">
        {t('subscription.usage', { used, limit })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={used > limit ? 'error' : 'primary'}
        sx={{ my: 1.5, height: 8, borderRadius: 4 }}
        aria-label={t('subscription.usageLabel')}
      />
      {used > limit ? (
        <Typography variant="body2" color="error">
          {t('subscription.overLimit')}
        </Typography>
      ) : null}
      {byOrganization.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('subscription.byOrganization')}
          </Typography>
          <List dense disablePadding data-testid="subscription-usage-organizations">
            {byOrganization.map(({ id, name, total }, index) => (
              <ListItem key={id} disableGutters divider={index < byOrganization.length - 1}>
                <ListItemText primary={name} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} />
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', pl: 2 }}>
                  {format.number(total)}
                </Typography>
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Box>
  );
}
