import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TIME_HORIZONS, type TimeHorizon } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  applyFilters,
  clearFilters,
  selectDashboardFilter,
  selectFilterButtonDisabled,
  setCollectionInput,
  setTagInput,
  setTimeHorizon,
  type FilterOption,
} from './dashboardFilterSlice';
import { canOpenSaveView } from './saveView';
import { timeHorizonKey } from './timeHorizons';
import { useFilterOptions } from './useFilterOptions';

interface PickerProps {
  label: string;
  emptyText: string;
  options: FilterOption[];
  value: FilterOption[];
  loading: boolean;
  onChange: (value: FilterOption[]) => void;
  testId: string;
}

/** A multiple choice of filter options: the label shown, the id as value. */
function FilterPicker({ label, emptyText, options, value, loading, onChange, testId }: PickerProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={emptyText}
      filterSelectedOptions
      limitTags={2}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.value}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      onChange={(_event, chosen) => onChange(chosen)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-value={option.value}>
          {option.label}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
      data-testid={testId}
      sx={{ flex: '1 1 220px', minWidth: 0 }}
    />
  );
}

export interface DashboardFilterBarProps {
  onReset: () => void;
  onSaveView: () => void;
}

/** The dashboard's filters (§2–§4): tags, collections and time horizon; apply, clear, reset, save view. */
export function DashboardFilterBar({ onReset, onSaveView }: DashboardFilterBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectDashboardFilter);
  const filterButtonDisabled = useAppSelector(selectFilterButtonDisabled);
  const options = useFilterOptions();

  return (
    <Card component="section" aria-label={t('dashboard.filters.label')} sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FilterPicker
            label={t('dashboard.filters.tags')}
            emptyText={t('dashboard.filters.noTags')}
            options={options.tags}
            value={filter.tagInput}
            loading={options.tagsLoading}
            onChange={(value) => dispatch(setTagInput(value))}
            testId="filter-tags"
          />
          <FilterPicker
            label={t('dashboard.filters.collections')}
            emptyText={t('dashboard.filters.noCollections')}
            options={options.collections}
            value={filter.collectionInput}
            loading={options.collectionsLoading}
            onChange={(value) => dispatch(setCollectionInput(value))}
            testId="filter-collections"
          />
          <TextField
            select
            size="small"
            label={t('dashboard.filters.timeHorizon')}
            value={filter.timeHorizon}
            onChange={(event) => dispatch(setTimeHorizon(event.target.value as TimeHorizon))}
            data-testid="filter-time-horizon"
            sx={{ flex: '0 1 200px', minWidth: 160 }}
          >
            {TIME_HORIZONS.map((horizon) => (
              <MenuItem key={horizon} value={horizon}>
                {t(timeHorizonKey(horizon))}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            onClick={() => dispatch(applyFilters())}
            disabled={!filter.isModified || filterButtonDisabled}
          >
            {t('dashboard.filters.apply')}
          </Button>
          <Button onClick={() => dispatch(clearFilters())} disabled={!filter.enableClearAllFilters}>
            {t('dashboard.filters.clear')}
          </Button>
          <Button onClick={onReset}>{t('dashboard.filters.reset')}</Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="outlined"
            startIcon={<SaveOutlined />}
            onClick={onSaveView}
            disabled={!canOpenSaveView(filter)}
          >
            {t('dashboard.saveView.open')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
