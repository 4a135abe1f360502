import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BUSINESS_EVENT_LIMITS, type TagDto } from '@infra/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AutocompleteInput } from '../../shared/components/AutocompleteInput';
import { CHECKED_AFTER_SUBMIT } from '../../shared/forms';
import type { TargetChoice } from '../tags/tagRules';
import { TagTargetPicker } from '../tags/TagTargetPicker';
import { assignmentIssue, assignmentOf, EVENT_RULE_KEYS, type TagChoice } from './eventRules';
import { StepForm } from './StepForm';

interface Choices {
  tags: TagChoice[];
  targets: TargetChoice[];
}

export interface EventAssignStepProps {
  /** Assign (a new event) or Update (an edited one). */
  mode: 'new' | 'edit';
  /** The organization's tags (system ones included); archived ones are offered only when already chosen. */
  tagOptions: readonly TagDto[];
  tagsLoading: boolean;
  tags: TagChoice[];
  onTagsChange: (tags: TagChoice[]) => void;
  targets: TargetChoice[];
  onTargetsChange: (targets: TargetChoice[]) => void;
  submitting: boolean;
  /** The last Assign / Update failed (§8). */
  failed: boolean;
  onBack: () => void;
  onSkip: () => void;
  onAssign: () => void;
}

/**
 * Event Assignment (§2): the event's rules by collection name or individual asset (the collection:asset field) and
 * by tag name; then Assign (Update when editing), or Skip.
 */
export function EventAssignStep({
  mode,
  tagOptions,
  tagsLoading,
  tags,
  onTagsChange,
  targets,
  onTargetsChange,
  submitting,
  failed,
  onBack,
  onSkip,
  onAssign,
}: EventAssignStepProps) {
  const { t } = useTranslation();
  // The wizard owns the choices (Assign sends them, Back and Next keep them): the step checks a copy that starts from
  // them and reports each change to it.
  const {
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Choices>({ ...CHECKED_AFTER_SUBMIT, defaultValues: { tags, targets } });
  const chosenTags = watch('tags');
  // A chosen tag stays an option (an archived one, or one not listed) so the field can show it.
  const options = useMemo<TagChoice[]>(() => {
    const offered = tagOptions.filter((tag) => tag.status !== 'Archived').map(({ id, tagId }) => ({ id, tagId }));
    const offeredIds = new Set(offered.map((tag) => tag.id));
    return [...offered, ...chosenTags.filter((tag) => !offeredIds.has(tag.id))];
  }, [tagOptions, chosenTags]);
  const limits = {
    collections: BUSINESS_EVENT_LIMITS.assignCollectionsMax,
    tags: BUSINESS_EVENT_LIMITS.assignTagsMax,
    assets: BUSINESS_EVENT_LIMITS.assignAssetsMax,
  };
  const issue = errors.tags?.message;

  const submit = handleSubmit(() => onAssign());

  return (
    <StepForm onSubmit={submit} testId="event-assign-form">
      <Typography variant="body2" color="text.secondary">
        {t('events.assign.intro')}
      </Typography>
      <Controller
        control={control}
        name="targets"
        rules={{ deps: 'tags' }}
        render={({ field }) => (
          <TagTargetPicker
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              onTargetsChange(next);
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="tags"
        // The assignment's rule is one, kept by the tags' field (the targets' checks it again as they change).
        rules={{
          validate: (_value, choices) => assignmentIssue(assignmentOf(choices.tags, choices.targets), mode === 'new'),
        }}
        render={({ field }) => (
          <Autocomplete<TagChoice, true, false, false>
            multiple
            options={options}
            value={field.value}
            onChange={(_event, next) => {
              field.onChange(next);
              onTagsChange(next);
            }}
            getOptionLabel={(tag) => tag.tagId}
            getOptionKey={(tag) => tag.id}
            isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
            filterSelectedOptions
            loading={tagsLoading}
            loadingText={t('common.loading')}
            noOptionsText={t('tags.library.empty')}
            renderInput={(params) => (
              <AutocompleteInput
                params={params}
                label={t('events.assign.tags')}
                helperText=" "
                testId="event-assign-tags"
              />
            )}
          />
        )}
      />
      {issue ? (
        <Alert severity="warning" data-testid="event-assign-issue">
          {t(issue, limits)}
        </Alert>
      ) : null}
      {failed ? (
        <Alert severity="error" data-testid="event-assign-failed">
          {t(EVENT_RULE_KEYS.assignFailed)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={submitting} data-testid="event-assign-back">
          {t('events.assign.back')}
        </Button>
        <Button variant="outlined" onClick={onSkip} disabled={submitting} data-testid="event-assign-skip">
          {t('events.assign.skip')}
        </Button>
        <Button type="submit" variant="contained" disabled={submitting} data-testid="event-assign-submit">
          {t(mode === 'new' ? 'events.assign.assign' : 'events.assign.update')}
        </Button>
      </Stack>
    </StepForm>
  );
}
