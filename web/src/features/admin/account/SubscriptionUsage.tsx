import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The account's asset usage. The asset count is not available yet (assets are imported by the inventory
 * work): until then `used` is 0 and `known` is false. The inventory issue replaces this hook's body with
 * the real count.
 */
export function useAssetUsage(_accountId: string): { used: number; known: boolean } {
  return { used: 0, known: false };
}

export interface SubscriptionUsageProps {
  accountId: string;
  /** The plan's asset limit. */
  limit: number;
}

/** "N of LIMIT assets", with a bar; a note while the count is not known yet. */
export function SubscriptionUsage({ accountId, limit }: SubscriptionUsageProps) {
  const { t } = useTranslation();
  const { used, known } = useAssetUsage(accountId);
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Box data-testid="subscription-usage">
      <Typography variant="h5" component="p" data-testid="subscription-usage-text">
        {t('subscription.usage', { used, limit })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        sx={{ my: 1.5, height: 8, borderRadius: 4 }}
        aria-label={t('subscription.usageLabel')}
      />
      {known ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('subscription.usagePending')}
        </Typography>
      )}
    </Box>
  );
}
