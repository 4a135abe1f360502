import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  AnalyticsErrorCode,
  type FinancialSettingsDto,
  type PriceList,
  type PriceListEntry,
  type UpdateFinancialSettingsRequest,
} from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, httpStatusOf } from '../../api/errors';
import { useAppSelector } from '../../app/hooks';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { useFormat } from '../../shared/format';
import { CHECKED_AS_TYPED } from '../../shared/forms';
import { useDataGridDefaults } from '../../shared/table';
import { usePageTitle } from '../../shared/usePageTitle';
import { useCurrentAccount } from '../account/useCurrentAccount';
import { selectSelectedOrganization } from '../selection/selectedOrganizationSlice';
import { validateCurrency } from './dataSettings';
import { useGetFinancialSettingsQuery, useUpdateFinancialSettingsMutation } from './dataSettingsApi';

interface FinancialValues {
  currency: string;
  priceListFallback: boolean;
}

/** What Save sends: the values that differ from the stored ones. */
function requestOf(values: FinancialValues, settings: FinancialSettingsDto): UpdateFinancialSettingsRequest {
  return {
    ...(values.currency !== settings.currency ? { currency: values.currency } : {}),
    ...(values.priceListFallback !== settings.priceListFallback ? { priceListFallback: values.priceListFallback } : {}),
  };
}

interface FinancialFormProps {
  organizationId: string;
  settings: FinancialSettingsDto;
  canManage: boolean;
}

/** The currency and the price-list fallback: Admins change them, Users read them. */
function FinancialForm({ organizationId, settings, canManage }: FinancialFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, watch } = useForm<FinancialValues>({
    ...CHECKED_AS_TYPED,
    defaultValues: { currency: settings.currency, priceListFallback: settings.priceListFallback },
  });
  /** The currency the server refused, shown as refused until it is changed. */
  const [refused, setRefused] = useState<string | null>(null);
  const [update, { isLoading: saving, error }] = useUpdateFinancialSettingsMutation();
  const current = watch();
  const changed = Object.keys(requestOf(current, settings)).length > 0;

  // A refused currency shows under the field; any other refusal above Save.
  const refusedCurrency = errorCodeOf(error) === AnalyticsErrorCode.FinancialSettingsInvalid;
  const otherError =
    error && !refusedCurrency
      ? t(httpStatusOf(error) === 403 ? 'dataSettings.financial.readOnly' : 'toast.unknownError')
      : undefined;

  const submit = handleSubmit(async (values) => {
    const request = requestOf(values, settings);
    if (Object.keys(request).length === 0) return;
    const result = await update({ organizationId, request });
    if (result.error && errorCodeOf(result.error) === AnalyticsErrorCode.FinancialSettingsInvalid)
      setRefused(values.currency);
  });

  return (
    <Card component="section" aria-label={t('dataSettings.financial.settingsTitle')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dataSettings.financial.settingsTitle')}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t('dataSettings.financial.formLabel')}
          data-testid="financial-form"
        >
          <Stack spacing={2.5}>
            <ControlledTextField
              control={control}
              name="currency"
              rules={{ validate: validateCurrency }}
              // A malformed currency shows as typed, a missing one once the user tried to save; a refused one until
              // it is changed.
              showError="requiredAfterSubmit"
              serverError={refused !== null && refused === current.currency ? 'invalid' : undefined}
              errorText={(kind) => t(`dataSettings.financial.errors.${kind}`)}
              help={t('dataSettings.financial.currencyHelp')}
              label={t('dataSettings.financial.currency')}
              disabled={!canManage}
              required
              slotProps={{ htmlInput: { maxLength: 3, spellCheck: false, autoCapitalize: 'characters' } }}
              sx={{ maxWidth: 480 }}
            />
            <Box>
              <Controller
                control={control}
                name="priceListFallback"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        disabled={!canManage}
                        name="priceListFallback"
                      />
                    }
                    label={t('dataSettings.financial.fallback')}
                  />
                )}
              />
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, maxWidth: 720 }}
                data-testid="financial-fallback-help"
              >
                {t('dataSettings.financial.fallbackHelp')}
              </Typography>
            </Box>
            {otherError ? (
              <Alert severity="error" data-testid="financial-error">
                {otherError}
              </Alert>
            ) : null}
            {canManage ? (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" disabled={saving || !changed}>
                  {t('common.save')}
                </Button>
              </Box>
            ) : (
              <Alert severity="info" data-testid="financial-read-only">
                {t('dataSettings.financial.readOnly')}
              </Alert>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

interface PriceRow extends PriceListEntry {
  id: string;
}

/** The price list shipped with the product: the fallback's prices and the industry unit cost. */
function PriceListCard({ priceList }: { priceList: PriceList }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults();
  const rows = useMemo<PriceRow[]>(
    () => Object.entries(priceList.instanceTypes).map(([type, entry]) => ({ id: type, ...entry })),
    [priceList],
  );
  const columns = useMemo<GridColDef<PriceRow>[]>(
    () => [
      { field: 'id', headerName: t('dataSettings.financial.columns.type'), flex: 1, minWidth: 120 },
      {
        field: 'pricePerHour',
        headerName: t('dataSettings.financial.columns.pricePerHour'),
        type: 'number',
        width: 124,
        valueFormatter: (value: number) => format.money(value, priceList.currency, 4),
      },
      {
        field: 'cpuCores',
        headerName: t('dataSettings.financial.columns.cores'),
        type: 'number',
        width: 80,
        valueFormatter: (value: number) => format.number(value),
      },
      {
        field: 'cpuSpeed',
        headerName: t('dataSettings.financial.columns.ghz'),
        type: 'number',
        width: 80,
        valueFormatter: (value: number) => format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 2 }),
      },
      {
        field: 'currentGeneration',
        headerName: t('dataSettings.financial.columns.generation'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.currentGeneration ? 'success' : 'default'}
            label={t(row.currentGeneration ? 'dataSettings.financial.current' : 'dataSettings.financial.previous')}
          />
        ),
      },
    ],
    [t, format, priceList.currency],
  );
  return (
    <Card component="section" aria-label={t('dataSettings.financial.priceListTitle')} sx={{ minWidth: 0 }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dataSettings.financial.priceListTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="price-list-source">
          {t('dataSettings.financial.priceListSource', { region: priceList.region, currency: priceList.currency })}
        </Typography>
      </CardContent>
      <DataGrid
        {...gridDefaults}
        rows={rows}
        columns={columns}
        autoHeight
        disableRowSelectionOnClick
        disableColumnFilter
        aria-label={t('dataSettings.financial.priceListTitle')}
        data-testid="price-list"
        sx={{ border: 0 }}
      />
    </Card>
  );
}

function FinancialSettings({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetFinancialSettingsQuery(organizationId);
  if (isLoading) return <Loading />;
  if (isError || !data) {
    return (
      <Alert severity="error" data-testid="financial-load-error">
        {t('toast.queryError')}
      </Alert>
    );
  }
  return (
    <Stack spacing={3}>
      {/* The stored values start the form again once saved (or changed elsewhere and read again). */}
      <FinancialForm
        key={`${data.currency}:${String(data.priceListFallback)}`}
        organizationId={organizationId}
        settings={data}
        canManage={canManage}
      />
      <PriceListCard priceList={data.priceList} />
    </Stack>
  );
}

/** Admin → Data → Financial: the organization's currency, the price-list fallback and the price list. */
export default function FinancialPage() {
  const { t } = useTranslation();
  usePageTitle('admin.sections.financial.title');
  const { canManage, isLoading } = useCurrentAccount();
  const organization = useAppSelector(selectSelectedOrganization);
  if (isLoading) return <Loading />;
  return (
    <>
      <PageHeader
        title={t('admin.sections.financial.title')}
        subtitle={organization.name || t('admin.sections.financial.description')}
      />
      {organization.id ? (
        <FinancialSettings key={organization.id} organizationId={organization.id} canManage={canManage} />
      ) : (
        <Alert severity="info">{t('layout.noOrganizations')}</Alert>
      )}
    </>
  );
}
