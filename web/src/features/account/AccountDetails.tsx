import Card, { type CardProps } from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid, { type GridProps } from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { AccountDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';

const DETAILS = {
  name: { labelKey: 'account.fields.name', testId: 'name' },
  slug: { labelKey: 'account.fields.slug', testId: 'slug' },
  plan: { labelKey: 'account.fields.plan', testId: 'plan' },
  timeZone: { labelKey: 'account.fields.timeZone', testId: 'time-zone' },
  minWorkloadPercentThreshold: { labelKey: 'account.fields.minThreshold', testId: 'min-threshold' },
  maxWorkloadPercentThreshold: { labelKey: 'account.fields.maxThreshold', testId: 'max-threshold' },
} as const satisfies Partial<Record<keyof AccountDto, { labelKey: string; testId: string }>>;

export type AccountDetailField = keyof typeof DETAILS;

export interface AccountDetailsCardProps {
  /** The card's heading (translated by the caller). */
  title: string;
  account: Pick<AccountDto, AccountDetailField>;
  /** The details to show, in this order. */
  fields: readonly AccountDetailField[];
  /** Each detail's test id is `<testIdPrefix>-<detail>`, e.g. `account-time-zone`. */
  testIdPrefix: string;
  /** Each detail's grid cell size. */
  size: GridProps['size'];
  sx?: CardProps['sx'];
}

/**
 * A card of account details under a heading, as labelled values in a grid: the thresholds as percentages, an
 * empty value as "not set".
 */
export function AccountDetailsCard({ title, account, fields, testIdPrefix, size, sx }: AccountDetailsCardProps) {
  const { t } = useTranslation();
  return (
    <Card sx={sx}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        <Grid container spacing={3}>
          {fields.map((field) => {
            const value = account[field];
            return (
              <Grid key={field} size={size}>
                <Typography variant="caption" color="text.secondary">
                  {t(DETAILS[field].labelKey)}
                </Typography>
                <Typography
                  variant="body1"
                  data-testid={`${testIdPrefix}-${DETAILS[field].testId}`}
                  sx={{ wordBreak: 'break-word' }}
                >
                  {(typeof value === 'number' ? t('common.percent', { value }) : value) || t('common.notSet')}
                </Typography>
              </Grid>
            );
          })}
        </Grid>
      </CardContent>
    </Card>
  );
}
