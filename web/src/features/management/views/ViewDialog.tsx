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
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
      renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText ?? ' '}
          slotProps={{
            input: InputProps,
            inputLabel: InputLabelProps,
            htmlInput: { ...inputProps, 'data-testid': testId },
          }}
        />
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
  const [form, setForm] = useState<ViewForm>(EMPTY_FORM);
  const [attempted, setAttempted] = useState(false);
  // Each field is checked as it is typed once touched (as Create Tags and the event form do), every one on Save.
  const [touched, setTouched] = useState<{ name: boolean; description: boolean }>({ name: false, description: false });
  const shows = (field: 'name' | 'description') => attempted || touched[field];
  const { data: collections, isLoading: collectionsLoading } = useGetCollectionsQuery(undefined, { skip: !open });
  const {
    data: tags,
    isError: tagsUnavailable,
    isLoading: tagsLoading,
  } = useGetTagOptionsQuery(undefined, { skip: !open });

  useEffect(() => {
    if (open) {
      setForm(formOf(view));
      setAttempted(false);
      setTouched({ name: false, description: false });
    }
  }, [open, view]);

  const errors = { name: viewNameError(form.name), description: viewDescriptionError(form.description) };
  const set =
    <K extends keyof ViewForm>(field: K) =>
    (value: ViewForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));
  const collectionOptions = useMemo<Option[]>(
    () => (collections ?? []).map((collection) => ({ id: collection.id, label: collection.name })),
    [collections],
  );
  const tagOptions: TagOption[] = tags ?? [];

  const save = (asNew: boolean) => {
    setAttempted(true);
    if (errors.name || errors.description) return;
    onSave(saveRequestOf(form, asNew ? undefined : view?.id), asNew);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(false);
  };

  const title = t(view ? 'management.views.editTitle' : 'management.views.addTitle');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              label={t('management.views.name')}
              name="name"
              value={form.name}
              onChange={(event) => {
                set('name')(event.target.value);
                setTouched((current) => ({ ...current, name: true }));
              }}
              onBlur={() => setTouched((current) => ({ ...current, name: true }))}
              error={shows('name') && errors.name !== null}
              helperText={shows('name') && errors.name ? t(errors.name) : t('management.views.nameHelp')}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'view-name' } }}
            />
            <TextField
              label={t('management.views.description')}
              name="description"
              value={form.description}
              onChange={(event) => {
                set('description')(event.target.value);
                setTouched((current) => ({ ...current, description: true }));
              }}
              error={shows('description') && errors.description !== null}
              helperText={
                shows('description') && errors.description
                  ? t(errors.description)
                  : t('management.views.descriptionHelp')
              }
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 256, 'data-testid': 'view-description' } }}
            />
            <IdsPicker
              label={t('management.views.collections')}
              options={collectionOptions}
              value={form.collectionIds}
              onChange={set('collectionIds')}
              testId="view-collections"
              loading={collectionsLoading}
            />
            <IdsPicker
              label={t('management.views.tags')}
              options={tagOptions}
              value={form.tagIds}
              onChange={set('tagIds')}
              testId="view-tags"
              loading={tagsLoading}
              disabled={tagsUnavailable && form.tagIds.length === 0}
              helperText={tagsUnavailable ? t('management.views.tagsUnavailable') : undefined}
            />
            <TextField
              select
              label={t('management.views.timeHorizon')}
              value={form.timeHorizon}
              onChange={(event) => set('timeHorizon')(event.target.value as TimeHorizon)}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'view-time-horizon' } }}
            >
              {TIME_HORIZONS.map((horizon) => (
                <MenuItem key={horizon} value={horizon}>
                  {t(timeHorizonKey(horizon))}
                </MenuItem>
              ))}
            </TextField>
            {open ? <FilterSummary tagIds={form.tagIds} collectionIds={form.collectionIds} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {view ? (
            <Button variant="outlined" onClick={() => save(true)} disabled={submitting} data-testid="view-save-as-new">
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
