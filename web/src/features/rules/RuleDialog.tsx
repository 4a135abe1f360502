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
import TextField from '@mui/material/TextField';
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
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
      renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
        <TextField
          {...params}
          label={label}
          helperText={t('rules.form.textsHelp')}
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
  const [form, setForm] = useState<RuleForm>(EMPTY_RULE_FORM);
  const [attempted, setAttempted] = useState(false);
  const [preview, setPreview] = useState<RulePreviewDto | null>(null);
  const [runPreview, { isFetching: previewing }] = useLazyPreviewRuleQuery();

  useEffect(() => {
    if (!open) return;
    setForm(ruleFormOf(rule));
    setAttempted(false);
    setPreview(null);
  }, [open, rule]);

  const issues = ruleFormIssues(form);
  const set =
    <K extends keyof RuleForm>(field: K) =>
    (value: RuleForm[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      // A changed condition makes the last preview stale.
      setPreview(null);
    };

  const assignable = useMemo(() => tags.filter((tag) => !tag.system && tag.status !== 'Archived'), [tags]);
  const systemValues = (key: SystemTagKey) => [
    ...new Set(tags.filter((tag) => tag.system && tag.key === key).map((tag) => tag.value)),
  ];
  const chosenTag = tags.find((tag) => tag.id === form.tagId) ?? null;
  const chosenCollections = collections.filter((collection) => form.collectionIds.includes(collection.id));

  const showPreview = async () => {
    setAttempted(true);
    if (issues.conditions || issues.namePattern) return;
    const result = await runPreview(conditionsOf(form));
    if (result.data) setPreview(result.data);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(issues).length > 0) return;
    onSave(saveRuleRequestOf(form));
  };

  const error = (field: keyof typeof issues) =>
    attempted && issues[field]
      ? t(issues[field], { max: TAGGING_LIMITS.ruleNameMaxLength, patternMax: NAME_PATTERN_MAX_LENGTH })
      : undefined;
  const title = t(rule ? 'rules.editTitle' : 'rules.createTitle');
  const names = preview?.assets.slice(0, PREVIEW_NAMES) ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={title}
        // A flex column: the content scrolls between the title and the actions, which stay in view.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <TextField
              label={t('rules.form.name')}
              value={form.name}
              onChange={(event) => set('name')(event.target.value)}
              error={error('name') !== undefined}
              helperText={error('name') ?? ' '}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: TAGGING_LIMITS.ruleNameMaxLength, 'data-testid': 'rule-name' } }}
            />
            <Autocomplete<TagDto, false, false, false>
              options={assignable}
              value={chosenTag}
              onChange={(_event, tag) => set('tagId')(tag?.id ?? '')}
              getOptionLabel={(tag) => tag.tagId}
              getOptionKey={(tag) => tag.id}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              noOptionsText={t('tags.library.empty')}
              renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
                <TextField
                  {...params}
                  label={t('rules.form.tag')}
                  required
                  error={error('tagId') !== undefined}
                  helperText={error('tagId') ?? ' '}
                  slotProps={{
                    input: InputProps,
                    inputLabel: InputLabelProps,
                    htmlInput: { ...inputProps, 'data-testid': 'rule-tag' },
                  }}
                />
              )}
            />
            <Typography variant="subtitle2">{t('rules.form.conditions')}</Typography>
            <TextsField
              label={t('rules.form.sites')}
              options={systemValues('site')}
              value={form.sites}
              onChange={set('sites')}
              testId="rule-sites"
            />
            <TextsField
              label={t('rules.form.instanceTypes')}
              options={systemValues('instance_type')}
              value={form.instanceTypes}
              onChange={set('instanceTypes')}
              testId="rule-instance-types"
            />
            <TextField
              label={t('rules.form.namePattern')}
              value={form.namePattern}
              onChange={(event) => set('namePattern')(event.target.value)}
              error={error('namePattern') !== undefined}
              helperText={error('namePattern') ?? t('rules.form.namePatternHelp')}
              fullWidth
              slotProps={{ htmlInput: { maxLength: NAME_PATTERN_MAX_LENGTH + 1, 'data-testid': 'rule-name-pattern' } }}
            />
            <Autocomplete<CollectionDto, true, false, false>
              multiple
              options={collections}
              value={chosenCollections}
              onChange={(_event, next) => set('collectionIds')(next.map((collection) => collection.id))}
              getOptionLabel={(collection) => collection.name}
              getOptionKey={(collection) => collection.id}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              filterSelectedOptions
              noOptionsText={t('management.picker.noMatches')}
              renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
                <TextField
                  {...params}
                  label={t('rules.form.collections')}
                  slotProps={{
                    input: InputProps,
                    inputLabel: InputLabelProps,
                    htmlInput: { ...inputProps, 'data-testid': 'rule-collections' },
                  }}
                />
              )}
            />
            {error('conditions') ? <Alert severity="error">{error('conditions')}</Alert> : null}
            <FormControlLabel
              control={<Switch checked={form.enabled} onChange={(event) => set('enabled')(event.target.checked)} />}
              label={t('rules.form.enabled')}
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
