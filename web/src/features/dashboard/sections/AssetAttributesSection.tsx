import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AssetAttributes, SystemAttributesDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetAssetSystemAttributesQuery } from '../../management/inventoryApi';
import { DashboardSection } from './DashboardSection';

type AttributeValue = SystemAttributesDto['attributes'][number]['value'];

/** Units of the numeric attributes (libs/contracts documents them); the others are shown as they are. */
const UNIT_KEYS: Partial<Record<keyof AssetAttributes, string>> = {
  memory: 'dashboard.units.gib',
  cpu_speed: 'dashboard.units.ghz',
  network_bandwidth_max: 'dashboard.units.gbits',
  storage_throughput: 'dashboard.units.mbs',
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** An attribute's value as shown: "Not set" for none, Yes/No, numbers with their unit. */
export function attributeText(name: keyof AssetAttributes, value: AttributeValue, t: Translate): string {
  if (value === null || value === '') return t('common.notSet');
  if (typeof value === 'boolean') return t(value ? 'dashboard.yes' : 'dashboard.no');
  const unitKey = UNIT_KEYS[name];
  if (typeof value === 'number') return t(unitKey ?? 'dashboard.units.none', { value });
  return value;
}

/** System Attributes of an asset (`GET assets/{id}/system-attributes`). */
export function AssetAttributesSection({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetAssetSystemAttributesQuery(assetId);
  return (
    <DashboardSection title={t('dashboard.sections.systemAttributes')} testId="section-system-attributes">
      {isLoading ? <Skeleton variant="rounded" height={160} /> : null}
      {isError ? <Alert severity="error">{t('dashboard.widgetError')}</Alert> : null}
      {data ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            // The section has the page's width: more columns as it grows, so it stays short.
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
            columnGap: 3,
            rowGap: 1.5,
            m: 0,
          }}
        >
          {data.attributes.map(({ name, value }) => (
            <Box key={name} data-testid={`attribute-${name}`} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`dashboard.attributes.${name}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {attributeText(name, value, t)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </DashboardSection>
  );
}
