import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_TIME_HORIZON,
  INVENTORY_LIMITS,
  TIME_HORIZONS,
  type SaveViewRequest,
  type TimeHorizon,
  type ViewDto,
} from '@infra/contracts';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AutocompleteInput } from '../../../shared/components/AutocompleteInput';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AS_TYPED, ruleOf } from '../../../shared/forms';
import { useGetCollectionsQuery, useGetViewSummaryQuery } from '../inventoryApi';
import { viewDescriptionError, viewNameError } from '../inventoryRules';
import { useGetTagOptionsQuery, type TagOption } from '../tagOptionsApi';
import { useDebouncedValue } from '../useDebouncedValue';

/** The dialog's form: what a saved view holds. */
export interface ViewForm {
  name: string;
  description: string;
  tagIds: string[];
  collectionIds: string[];
  timeHorizon: TimeHorizon;
}

const EMPTY_FORM: ViewForm = {
  name: '',
  description: '',
  tagIds: [],
  collectionIds: [],
  timeHorizon: DEFAULT_TIME_HORIZON,
};

export function formOf(view: ViewDto | null): ViewForm {
  if (!view) return EMPTY_FORM;
  const { name, description, tagIds, collectionIds, timeHorizon } = view;
  return { name, description, tagIds, collectionIds, timeHorizon };
}

/** The `PATCH views` body of a form: with `id`, the update of that view; without, a new view. */
export function saveRequestOf(form: ViewForm, id?: string): SaveViewRequest {
  return {
    ...(id ? { id } : {}),
    name: form.name,
    description: form.description,
    tagIds: form.tagIds,
    collectionIds: form.collectionIds,
    timeHorizon: form.timeHorizon,
  };
}

/** Translation key of a time horizon ("Last 30 Days" → management.timeHorizons.last30Days). */
export function timeHorizonKey(horizon: TimeHorizon): string {
  const words = horizon.split(' ');
  const camel = words.map((word, index) => (index === 0 ? word.toLowerCase() : word)).join('');
  return `management.timeHorizons.${camel}`;
}

interface Option {
  id: string;
  label: string;
}

/** A multiple choice of ids with labels, shown as removable chips. */
function IdsPicker({
  label,
  options,
  value,
  onChange,
  testId,
  helperText,
  disabled,
  loading = false,
}: {
  label: string;
  options: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  testId: string;
  helperText?: string;
  disabled?: boolean;
  /** While the options load, a chosen id shows as "Loading...", not as its id. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(options.map((option) => [option.id, option])), [options]);
  // Ids the options do not know (a deleted collection) still show, by their id.
  const chosen = value.map((id) => byId.get(id) ?? { id, label: loading ? t('common.loading') : id });
  return (
    <Autocomplete<Option, true, false, false>
      multiple
      disabled={disabled}
      loading={loading}
      loadingText={t('common.loading')}
      options={options}
      value={chosen}
      onChange={(_event, next) => onChange(next.map((option) => option.id).slice(0, INVENTORY_LIMITS.filterIdsMax))}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      filterSelectedOptions
      noOptionsText={t('management.picker.noMatches')}
      renderInput={(params) => (
        <AutocompleteInput params={params} label={label} helperText={helperText ?? ' '} testId={testId} />
      )}
    />
  );
}

/** How many assets the filter matches now (GET views/summary). */
function FilterSummary({ tagIds, collectionIds }: Pick<ViewForm, 'tagIds' | 'collectionIds'>) {
  const { t } = useTranslation();
  // Debounced as text: a new array on each render would restart the timer for ever.
  const tags = useDebouncedValue(tagIds.join(','));
  const collections = useDebouncedValue(collectionIds.join(','));
  const { data, isFetching } = useGetViewSummaryQuery({
    tagIds: tags ? tags.split(',') : [],
    collectionIds: collections ? collections.split(',') : [],
  });
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="view-summary">
      {!data || isFetching
        ? t('common.loading')
        : data.assetCount === 0 && (tagIds.length > 0 || collectionIds.length > 0)
          ? t('dashboard.filters.noAssetsMatch')
          : t('management.views.matches', { count: data.assetCount })}
    </Typography>
  );
}

export interface ViewDialogProps {
  open: boolean;
  /** The view being edited; null adds a view. */
  view: ViewDto | null;
  submitting: boolean;
  /** Save the form: `asNew` saves it as a new view even when editing. */
  onSave: (request: SaveViewRequest, asNew: boolean) => void;
  onClose: () => void;
}

/** Add View and Edit View (§2): name, description, the filter's tags and collections, the time horizon. */
export function ViewDialog({ open, view, submitting, onSave, onClose }: ViewDialogProps) {
  const { t } = useTranslation();
  // Each field is checked as it is typed (and the name once left too, as Create Tags and the event form do), every
  // one on Save.
  const { control, handleSubmit, reset, trigger, watch } = useForm<ViewForm>({
    ...CHECKED_AS_TYPED,
    defaultValues: EMPTY_FORM,
  });
  const { data: collections, isLoading: collectionsLoading } = useGetCollectionsQuery(undefined, { skip: !open });
  const {
    data: tags,
    isError: tagsUnavailable,
    isLoading: tagsLoading,
  } = useGetTagOptionsQuery(undefined, { skip: !open });

  useEffect(() => {
    if (open) reset(formOf(view));
  }, [open, view, reset]);

  const collectionOptions = useMemo<Option[]>(
    () => (collections ?? []).map((collection) => ({ id: collection.id, label: collection.name })),
    [collections],
  );
  const tagOptions: TagOption[] = tags ?? [];
  const [tagIds, collectionIds] = watch(['tagIds', 'collectionIds']);

  const save = (asNew: boolean) =>
    handleSubmit((form) => onSave(saveRequestOf(form, asNew ? undefined : view?.id), asNew));

  const title = t(view ? 'management.views.editTitle' : 'management.views.addTitle');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void save(false)(event)} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <ControlledTextField
              control={control}
              name="name"
              rules={{ validate: ruleOf(viewNameError) }}
              onBlur={() => void trigger('name')}
              label={t('management.views.name')}
              help={t('management.views.nameHelp')}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'view-name' } }}
            />
            <ControlledTextField
              control={control}
              name="description"
              rules={{ validate: ruleOf(viewDescriptionError) }}
              label={t('management.views.description')}
              help={t('management.views.descriptionHelp')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 256, 'data-testid': 'view-description' } }}
            />
            <Controller
              control={control}
              name="collectionIds"
              render={({ field }) => (
                <IdsPicker
                  label={t('management.views.collections')}
                  options={collectionOptions}
                  value={field.value}
                  onChange={field.onChange}
                  testId="view-collections"
                  loading={collectionsLoading}
                />
              )}
            />
            <Controller
              control={control}
              name="tagIds"
              render={({ field }) => (
                <IdsPicker
                  label={t('management.views.tags')}
                  options={tagOptions}
                  value={field.value}
                  onChange={field.onChange}
                  testId="view-tags"
                  loading={tagsLoading}
                  disabled={tagsUnavailable && field.value.length === 0}
                  helperText={tagsUnavailable ? t('management.views.tagsUnavailable') : undefined}
                />
              )}
            />
            <Controller
              control={control}
              name="timeHorizon"
              render={({ field }) => (
                <TextField
                  select
                  label={t('management.views.timeHorizon')}
                  value={field.value}
                  onChange={field.onChange}
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'view-time-horizon' } }}
                >
                  {TIME_HORIZONS.map((horizon) => (
                    <MenuItem key={horizon} value={horizon}>
                      {t(timeHorizonKey(horizon))}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {open ? <FilterSummary tagIds={tagIds} collectionIds={collectionIds} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {view ? (
            <Button
              variant="outlined"
              onClick={() => void save(true)()}
              disabled={submitting}
              data-testid="view-save-as-new"
            >
              {t('management.views.saveAsNew')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={submitting} data-testid="view-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
