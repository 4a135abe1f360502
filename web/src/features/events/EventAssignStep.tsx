import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUSINESS_EVENT_LIMITS, type TagDto } from '@infra/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TargetChoice } from '../tags/tagRules';
import { TagTargetPicker } from '../tags/TagTargetPicker';
import { assignmentIssue, assignmentOf, EVENT_RULE_KEYS, type TagChoice } from './eventRules';

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
  const [attempted, setAttempted] = useState(false);
  const issue = assignmentIssue(assignmentOf(tags, targets), mode === 'new');
  // A chosen tag stays an option (an archived one, or one not listed) so the field can show it.
  const options = useMemo<TagChoice[]>(() => {
    const offered = tagOptions.filter((tag) => tag.status !== 'Archived').map(({ id, tagId }) => ({ id, tagId }));
    const offeredIds = new Set(offered.map((tag) => tag.id));
    return [...offered, ...tags.filter((tag) => !offeredIds.has(tag.id))];
  }, [tagOptions, tags]);
  const limits = {
    collections: BUSINESS_EVENT_LIMITS.assignCollectionsMax,
    tags: BUSINESS_EVENT_LIMITS.assignTagsMax,
    assets: BUSINESS_EVENT_LIMITS.assignAssetsMax,
  };
  const issueText = attempted && issue ? t(issue, limits) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!issue) onAssign();
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="event-assign-form">
      <Typography variant="body2" color="text.secondary">
        {t('events.assign.intro')}
      </Typography>
      <TagTargetPicker value={targets} onChange={onTargetsChange} />
      <Autocomplete<TagChoice, true, false, false>
        multiple
        options={options}
        value={tags}
        onChange={(_event, next) => onTagsChange(next)}
        getOptionLabel={(tag) => tag.tagId}
        getOptionKey={(tag) => tag.id}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        filterSelectedOptions
        loading={tagsLoading}
        loadingText={t('common.loading')}
        noOptionsText={t('tags.library.empty')}
        renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
          <TextField
            {...params}
            label={t('events.assign.tags')}
            helperText=" "
            slotProps={{
              input: InputProps,
              inputLabel: InputLabelProps,
              htmlInput: { ...inputProps, 'data-testid': 'event-assign-tags' },
            }}
          />
        )}
      />
      {issueText ? (
        <Alert severity="warning" data-testid="event-assign-issue">
          {issueText}
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
    </Stack>
  );
}
