import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  TAGGING_LIMITS,
  type CollectionDto,
  type RuleDto,
  type RulePreviewDto,
  type SaveRuleRequest,
  type SystemTagKey,
  type TagDto,
} from '@infra/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AutocompleteInput } from '../../shared/components/AutocompleteInput';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT, fieldRule } from '../../shared/forms';
import {
  conditionsOf,
  EMPTY_RULE_FORM,
  NAME_PATTERN_MAX_LENGTH,
  ruleFormIssues,
  ruleFormOf,
  saveRuleRequestOf,
  type RuleForm,
} from './ruleForm';
import { useLazyPreviewRuleQuery } from './rulesApi';

/** The other conditions' fields check again the rule of them all, which the collections' field keeps. */
const CONDITION_RULES = { deps: 'collectionIds' } as const;

/** Names of matching assets shown by the preview. */
const PREVIEW_NAMES = 10;

/** A list of free texts with suggestions (sites, instance types), shown as chips. */
function TextsField({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      filterSelectedOptions
      renderInput={(params) => (
        <AutocompleteInput params={params} label={label} helperText={t('rules.form.textsHelp')} testId={testId} />
      )}
    />
  );
}

export interface RuleDialogProps {
  open: boolean;
  /** The rule being edited; null creates one. */
  rule: RuleDto | null;
  /** The organization's tags, system tags included (they suggest sites and instance types). */
  tags: TagDto[];
  collections: CollectionDto[];
  submitting: boolean;
  onSave: (request: SaveRuleRequest) => void;
  onClose: () => void;
}

/** Create or edit a business rule; Preview shows the assets it would match before saving. */
export function RuleDialog({ open, rule, tags, collections, submitting, onSave, onClose }: RuleDialogProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, getValues } = useForm<RuleForm>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: EMPTY_RULE_FORM,
  });
  const [preview, setPreview] = useState<RulePreviewDto | null>(null);
  const [runPreview, { isFetching: previewing }] = useLazyPreviewRuleQuery();

  useEffect(() => {
    if (!open) return;
    reset(ruleFormOf(rule));
    setPreview(null);
  }, [open, rule, reset]);

  /** A changed condition makes the preview stale. */
  const dropPreview = () => setPreview(null);
  /** A field's onChange that also drops the preview. */
  const changing =
    <V,>(onChange: (value: V) => void) =>
    (value: V) => {
      onChange(value);
      dropPreview();
    };

  const assignable = useMemo(() => tags.filter((tag) => !tag.system && tag.status !== 'Archived'), [tags]);
  const systemValues = (key: SystemTagKey) => [
    ...new Set(tags.filter((tag) => tag.system && tag.key === key).map((tag) => tag.value)),
  ];

  const loadPreview = async (form: RuleForm) => {
    const result = await runPreview(conditionsOf(form));
    if (result.data) setPreview(result.data);
  };
  // Preview needs only the conditions to keep their rules, but it shows every broken rule, as Save does.
  const showPreview = handleSubmit(loadPreview, async (errors) => {
    if (!errors.collectionIds && !errors.namePattern) await loadPreview(getValues());
  });

  const submit = handleSubmit((form) => onSave(saveRuleRequestOf(form)));

  const messageText = (message: string) =>
    t(message, { max: TAGGING_LIMITS.ruleNameMaxLength, patternMax: NAME_PATTERN_MAX_LENGTH });
  const errorText = (error: FieldError | undefined) => (error?.message ? messageText(error.message) : undefined);
  const title = t(rule ? 'rules.editTitle' : 'rules.createTitle');
  const names = preview?.assets.slice(0, PREVIEW_NAMES) ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={title}
        // A flex column: the content scrolls between the title and the actions, which stay in view.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <ControlledTextField
              control={control}
              name="name"
              unnamed
              rules={{ validate: fieldRule(ruleFormIssues, 'name') }}
              errorText={messageText}
              help=" "
              onValueChange={dropPreview}
              label={t('rules.form.name')}
              required
              autoFocus
              slotProps={{
                htmlInput: { maxLength: TAGGING_LIMITS.ruleNameMaxLength, 'data-testid': 'rule-name' },
              }}
            />
            <Controller
              control={control}
              name="tagId"
              rules={{ validate: fieldRule(ruleFormIssues, 'tagId') }}
              render={({ field, fieldState: { error } }) => (
                <Autocomplete<TagDto, false, false, false>
                  options={assignable}
                  value={tags.find((tag) => tag.id === field.value) ?? null}
                  onChange={(_event, tag) => changing(field.onChange)(tag?.id ?? '')}
                  getOptionLabel={(tag) => tag.tagId}
                  getOptionKey={(tag) => tag.id}
                  isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                  noOptionsText={t('tags.library.empty')}
                  renderInput={(params) => (
                    <AutocompleteInput
                      params={params}
                      label={t('rules.form.tag')}
                      required
                      error={error !== undefined}
                      helperText={errorText(error) ?? ' '}
                      testId="rule-tag"
                    />
                  )}
                />
              )}
            />
            <Typography variant="subtitle2">{t('rules.form.conditions')}</Typography>
            <Controller
              control={control}
              name="sites"
              rules={CONDITION_RULES}
              render={({ field }) => (
                <TextsField
                  label={t('rules.form.sites')}
                  options={systemValues('site')}
                  value={field.value}
                  onChange={changing(field.onChange)}
                  testId="rule-sites"
                />
              )}
            />
            <Controller
              control={control}
              name="instanceTypes"
              rules={CONDITION_RULES}
              render={({ field }) => (
                <TextsField
                  label={t('rules.form.instanceTypes')}
                  options={systemValues('instance_type')}
                  value={field.value}
                  onChange={changing(field.onChange)}
                  testId="rule-instance-types"
                />
              )}
            />
            <ControlledTextField
              control={control}
              name="namePattern"
              unnamed
              rules={{ ...CONDITION_RULES, validate: fieldRule(ruleFormIssues, 'namePattern') }}
              errorText={messageText}
              help={t('rules.form.namePatternHelp')}
              onValueChange={dropPreview}
              label={t('rules.form.namePattern')}
              slotProps={{
                htmlInput: { maxLength: NAME_PATTERN_MAX_LENGTH + 1, 'data-testid': 'rule-name-pattern' },
              }}
            />
            <Controller
              control={control}
              name="collectionIds"
              // The last condition's field keeps the rule of them all (at least one): the alert under it says so.
              rules={{ validate: fieldRule(ruleFormIssues, 'conditions') }}
              render={({ field, fieldState: { error } }) => (
                <>
                  <Autocomplete<CollectionDto, true, false, false>
                    multiple
                    options={collections}
                    value={collections.filter((collection) => field.value.includes(collection.id))}
                    onChange={(_event, next) => changing(field.onChange)(next.map((collection) => collection.id))}
                    getOptionLabel={(collection) => collection.name}
                    getOptionKey={(collection) => collection.id}
                    isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                    filterSelectedOptions
                    noOptionsText={t('management.picker.noMatches')}
                    renderInput={(params) => (
                      <AutocompleteInput
                        params={params}
                        label={t('rules.form.collections')}
                        testId="rule-collections"
                      />
                    )}
                  />
                  {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
                </>
              )}
            />
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => changing(field.onChange)(event.target.checked)}
                    />
                  }
                  label={t('rules.form.enabled')}
                />
              )}
            />
            <Box aria-live="polite" data-testid="rule-preview">
              {preview ? (
                <>
                  <Typography variant="body2">{t('rules.preview.matches', { count: preview.total })}</Typography>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                    {names.map((asset) => (
                      <Chip key={asset.id} size="small" label={asset.name} title={asset.externalId} />
                    ))}
                    {preview.total > names.length ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('rules.preview.more', { count: preview.total - names.length })}
                      </Typography>
                    ) : null}
                  </Stack>
                </>
              ) : null}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => void showPreview()} disabled={previewing} data-testid="rule-preview-button">
            {t('rules.preview.button')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="rule-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
