import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUSINESS_EVENT_LIMITS, type BusinessEventImpactResponse } from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../config/routes';
import { nameLinkCell } from '../management/nameLinkCell';
import { useAnalyticsFormat } from '../analytics/analyticsFormat';
import { CHECKED_AFTER_SUBMIT } from '../../shared/forms';
import { useDataGridDefaults } from '../../shared/table';
import { impactsOf, initialExpected, percentInBounds, percentOf, type ExpectedMode } from './eventRules';
import { useUpsertBusinessEventImpactMutation } from './eventsApi';

type AssetRow = BusinessEventImpactResponse['assets'][number] & { id: string };

/** The percents' rule: within the API's bounds (its message takes them). */
const RANGE = 'events.expected.range';
const BOUNDS = {
  min: BUSINESS_EVENT_LIMITS.impactPercentMin,
  max: BUSINESS_EVENT_LIMITS.impactPercentMax,
};

/** A percent field; typing in it inside a grid cell must not move the grid's focus. */
function PercentField({
  value,
  onChange,
  label,
  testId,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  const invalid = !percentInBounds(percentOf(value));
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => event.stopPropagation()}
      error={invalid}
      disabled={disabled}
      sx={{ width: 130 }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': label, 'data-testid': testId },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}

type ExpectedValues = ReturnType<typeof initialExpected>;

export interface ExpectedImpactCardProps {
  eventId: string;
  impact: BusinessEventImpactResponse;
  canEdit: boolean;
}

/**
 * The expected impact users enter: one percent applied to every asset of the event, or one per asset, saved with
 * `PUT business-events/impact` (it replaces the event's). The per-asset table also shows each asset's measured change.
 */
export function ExpectedImpactCard({ eventId, impact, canEdit }: ExpectedImpactCardProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const gridDefaults = useDataGridDefaults();
  const assetIds = useMemo(() => impact.assets.map((asset) => asset.assetId), [impact.assets]);
  // The form starts from what was saved and then keeps what the user typed (a save reaches analytics a moment later).
  const { control, handleSubmit, reset } = useForm<ExpectedValues>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: initialExpected(impact.assets),
  });
  const mode = useWatch({ control, name: 'mode' });
  // Both percents keep their rules while the other mode shows (the mode checks them again as it changes): the one
  // percent's field comes and goes with its mode, and the per-asset percents are edited in the grid's cells.
  const { field: all, fieldState: allState } = useController({
    control,
    name: 'all',
    rules: {
      validate: (value, values) =>
        values.mode !== 'all' || (percentOf(value) !== undefined && percentInBounds(percentOf(value))) || RANGE,
    },
  });
  const { field: perAsset, fieldState: perAssetState } = useController({
    control,
    name: 'perAsset',
    rules: {
      validate: (_value, values) =>
        values.mode !== 'perAsset' || impactsOf('perAsset', '', values.perAsset, assetIds) !== undefined || RANGE,
    },
  });
  const [upsert, { isLoading: saving }] = useUpsertBusinessEventImpactMutation();

  const rows = useMemo<AssetRow[]>(
    () => impact.assets.map((asset) => ({ ...asset, id: asset.assetId })),
    [impact.assets],
  );
  const editingPerAsset = canEdit && mode === 'perAsset';

  const columns = useMemo<GridColDef<AssetRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t('events.expected.asset'),
        flex: 1,
        minWidth: 160,
        renderCell: nameLinkCell<AssetRow>(ROUTES.asset, 'impact-asset-link'),
      },
      {
        field: 'workloadChange',
        headerName: t('events.impact.columns.workloadHoursChangePercent'),
        type: 'number',
        minWidth: 120,
        flex: 0.5,
        valueGetter: (_value, row) => row.workloadHours.changePercent,
        valueFormatter: (value: number | null) => format.percentChange(value),
      },
      {
        field: 'costChange',
        headerName: t('events.impact.columns.costChangePercent'),
        type: 'number',
        minWidth: 120,
        flex: 0.5,
        valueGetter: (_value, row) => row.cost.changePercent,
        valueFormatter: (value: number | null) => format.percentChange(value),
      },
      {
        field: 'expectedImpactPercent',
        headerName: t('events.expected.column'),
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) =>
          editingPerAsset ? (
            <PercentField
              value={perAsset.value[row.assetId] ?? ''}
              onChange={(text) => perAsset.onChange({ ...perAsset.value, [row.assetId]: text })}
              label={t('events.expected.ofAsset', { name: row.name })}
              testId={`expected-asset-${row.assetId}`}
            />
          ) : (
            format.percentChange(row.expectedImpactPercent)
          ),
      },
    ],
    [t, format, editingPerAsset, perAsset],
  );

  const save = handleSubmit(async (values) => {
    const impacts = impactsOf(values.mode, values.all, values.perAsset, assetIds);
    if (!impacts) return;
    const result = await upsert({ businessEventId: eventId, impacts });
    // Saved: the rules show again only after the next Save (what was typed meanwhile stays).
    if (!result.error) reset(undefined, { keepValues: true });
  });

  return (
    <Card component="section" aria-label={t('events.expected.title')} data-testid="event-expected">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('events.expected.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="expected-mean">
          {t('events.expected.mean', { value: format.percentChange(impact.expectedImpactPercent) })}
        </Typography>
        {assetIds.length === 0 ? (
          <Alert severity="info" data-testid="expected-no-assets">
            {t('events.expected.noAssets')}
          </Alert>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={(event) => void save(event)}>
            {canEdit ? (
              <>
                <Controller
                  control={control}
                  name="mode"
                  // The percents' rules depend on the mode.
                  rules={{ deps: ['all', 'perAsset'] }}
                  render={({ field }) => (
                    <RadioGroup
                      row
                      value={field.value}
                      onChange={(_event, value) => field.onChange(value as ExpectedMode)}
                      aria-label={t('events.expected.mode')}
                    >
                      <FormControlLabel value="all" control={<Radio />} label={t('events.expected.modes.all')} />
                      <FormControlLabel
                        value="perAsset"
                        control={<Radio />}
                        label={t('events.expected.modes.perAsset')}
                      />
                    </RadioGroup>
                  )}
                />
                {mode === 'all' ? (
                  <TextField
                    label={t('events.expected.allLabel', { count: assetIds.length })}
                    value={all.value}
                    onChange={all.onChange}
                    error={allState.error !== undefined}
                    helperText={allState.error?.message ? t(allState.error.message, BOUNDS) : ' '}
                    sx={{ maxWidth: 320 }}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'data-testid': 'expected-all' },
                      input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                    }}
                  />
                ) : null}
              </>
            ) : null}
            <Box data-testid="impact-assets" sx={{ minWidth: 0 }}>
              <DataGrid
                {...gridDefaults}
                rows={rows}
                columns={columns}
                density="compact"
                autoHeight
                disableRowSelectionOnClick
                disableColumnMenu
                aria-label={t('events.expected.perAsset')}
                sx={{ border: 0 }}
              />
            </Box>
            {perAssetState.error?.message ? (
              <Alert severity="warning">{t(perAssetState.error.message, BOUNDS)}</Alert>
            ) : null}
            {canEdit ? (
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" disabled={saving} data-testid="expected-save">
                  {t('events.expected.save')}
                </Button>
              </Stack>
            ) : null}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
