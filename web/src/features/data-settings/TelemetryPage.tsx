import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TelemetrySettingsDto, TelemetrySourceFreshness } from '@infra/contracts';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { useFormat } from '../../shared/format';
import { usePageTitle } from '../../shared/usePageTitle';
import { useCurrentAccount } from '../account/useCurrentAccount';
import { Figure, Figures } from '../analytics/Figures';
import { selectSelectedOrganization } from '../selection/selectedOrganizationSlice';
import { CodeBlock } from './CodeBlock';
import { exampleHour, mebibytes, neverReporting, SOURCE_KEYS, telemetryExamples } from './dataSettings';
import { useGetTelemetrySettingsQuery } from './dataSettingsApi';

/** One source's freshness: its last sample (in the account's time zone) and its assets by state. */
function SourceCard({
  source,
  assets,
  timeZone,
}: {
  source: TelemetrySourceFreshness;
  assets: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const key = SOURCE_KEYS[source.source];
  const label = key ? t(key) : source.source;
  const silent = source.assetsSilent > 0;
  return (
    <Card variant="outlined" component="section" aria-label={label} data-testid={`telemetry-source-${source.source}`}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {label}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={source.assetsReporting > 0 ? 'success' : 'default'}
            label={t(source.assetsReporting > 0 ? 'dataSettings.telemetry.live' : 'dataSettings.telemetry.quiet')}
          />
        </Box>
        <Figures>
          <Figure
            label={t('dataSettings.telemetry.lastSample')}
            value={format.dateTime(source.lastSampleAt, timeZone) || t('dataSettings.telemetry.never')}
            testId="telemetry-last-sample"
          />
          <Figure
            label={t('dataSettings.telemetry.reporting')}
            value={format.number(source.assetsReporting)}
            testId="telemetry-reporting"
          />
          <Figure
            label={t('dataSettings.telemetry.silent')}
            value={
              <Box component="span" sx={{ color: silent ? 'warning.main' : undefined }}>
                {format.number(source.assetsSilent)}
              </Box>
            }
            testId="telemetry-silent"
          />
          <Figure
            label={t('dataSettings.telemetry.neverFromSource')}
            value={format.number(neverReporting(assets, source))}
            testId="telemetry-never"
          />
        </Figures>
      </CardContent>
    </Card>
  );
}

function Freshness({ settings, timeZone }: { settings: TelemetrySettingsDto; timeZone: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card component="section" aria-label={t('dataSettings.telemetry.freshnessTitle')} data-testid="telemetry-freshness">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dataSettings.telemetry.freshnessTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="telemetry-assets">
          {t('dataSettings.telemetry.assets', { assets: format.number(settings.assets) })}
        </Typography>
        {settings.sources.length === 0 ? (
          <Alert severity="info" data-testid="telemetry-empty">
            {t('dataSettings.telemetry.empty')}
          </Alert>
        ) : (
          <Stack spacing={2}>
            {settings.sources.map((source) => (
              <SourceCard key={source.source} source={source} assets={settings.assets} timeZone={timeZone} />
            ))}
            <Typography variant="caption" color="text.secondary">
              {t('dataSettings.telemetry.perSourceNote')}
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function HowToSend({ settings, organizationId }: { settings: TelemetrySettingsDto; organizationId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { ingest } = settings;
  const size = mebibytes(ingest.maxBodyBytes);
  const examples = useMemo(
    () => telemetryExamples(`${window.location.origin}${ingest.path}`, organizationId, exampleHour(new Date())),
    [ingest.path, organizationId],
  );
  return (
    <Card component="section" aria-label={t('dataSettings.telemetry.howTitle')} data-testid="telemetry-how">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dataSettings.telemetry.howTitle')}
        </Typography>
        <Stack spacing={2.5}>
          <Typography variant="body2" data-testid="telemetry-api-key">
            <Trans
              i18nKey="dataSettings.telemetry.apiKey"
              components={{ keys: <Link component={RouterLink} to={ROUTES.adminSecurity} /> }}
            />
          </Typography>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('dataSettings.telemetry.endpoint')}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="telemetry-endpoint">
              <code>{`POST ${ingest.path}`}</code>
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('dataSettings.telemetry.limitsTitle')}
            </Typography>
            <Typography variant="body2" data-testid="telemetry-limits">
              {t('dataSettings.telemetry.limits', {
                samples: format.number(ingest.maxSamplesPerCall),
                size: t(size.unit === 'MiB' ? 'dashboard.units.mib' : 'dashboard.units.kib', { value: size.value }),
              })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('dataSettings.telemetry.fieldsTitle')}
            </Typography>
            <Box component="dl" sx={{ m: 0, mt: 0.5 }} data-testid="telemetry-fields">
              {ingest.fields.map((field) => (
                <Box key={field} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.25 }}>
                  <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', minWidth: 140 }}>
                    <code>{field}</code>
                  </Typography>
                  <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, flex: '1 1 200px' }}>
                    {t(`dataSettings.telemetry.fields.${field}`, { defaultValue: '' })}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <CodeBlock title={t('dataSettings.telemetry.jsonExample')} code={examples.json} testId="telemetry-json" />
          <CodeBlock title={t('dataSettings.telemetry.csvFile')} code={examples.csvFile} testId="telemetry-csv-file" />
          <CodeBlock title={t('dataSettings.telemetry.csvExample')} code={examples.csv} testId="telemetry-csv" />
          <Typography variant="body2" color="text.secondary">
            {t('dataSettings.telemetry.answer')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function TelemetrySettings({ organizationId, timeZone }: { organizationId: string; timeZone: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetTelemetrySettingsQuery(organizationId);
  if (isLoading) return <Loading />;
  if (isError || !data) {
    return (
      <Alert severity="error" data-testid="telemetry-error">
        {t('toast.queryError')}
      </Alert>
    );
  }
  return (
    <Stack spacing={3}>
      <Freshness settings={data} timeZone={timeZone} />
      <HowToSend settings={data} organizationId={organizationId} />
    </Stack>
  );
}

/** Admin → Data → Telemetry: how fresh each source's telemetry is, and how to send it. */
export default function TelemetryPage() {
  const { t } = useTranslation();
  usePageTitle('admin.sections.telemetry.title');
  const { account, isLoading } = useCurrentAccount();
  const organization = useAppSelector(selectSelectedOrganization);
  if (isLoading) return <Loading />;
  return (
    <>
      <PageHeader
        title={t('admin.sections.telemetry.title')}
        subtitle={organization.name || t('admin.sections.telemetry.description')}
      />
      {organization.id ? (
        <TelemetrySettings
          key={organization.id}
          organizationId={organization.id}
          timeZone={account?.timeZone || 'UTC'}
        />
      ) : (
        <Alert severity="info">{t('layout.noOrganizations')}</Alert>
      )}
    </>
  );
}
