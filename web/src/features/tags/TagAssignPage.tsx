import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TAGGING_LIMITS, type TagDto } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { TaggingFrame } from './TaggingFrame';
import { TagTargetPicker } from './TagTargetPicker';
import {
  ASSIGNABLE_STATUSES,
  assignIssues,
  assignRequestOf,
  type TagSummaryState,
  type TargetChoice,
} from './tagRules';
import { useBatchAssignTagsMutation, useGetTagsQuery } from './tagsApi';

/** Tag Assignment (spec §2): tags onto assets and collections chosen in a collection:asset field. */
export default function TagAssignPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useInventoryAccess();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const [tags, setTags] = useState<TagDto[]>([]);
  const [targets, setTargets] = useState<TargetChoice[]>([]);
  const [attempted, setAttempted] = useState(false);
  // System tags are left out by default; archived ones by status: neither can be assigned by hand.
  const { data: options, isFetching } = useGetTagsQuery(
    { status: ASSIGNABLE_STATUSES },
    { skip: !organizationId || !isAdmin },
  );
  const [assignTags, { isLoading }] = useBatchAssignTagsMutation();
  const issues = assignIssues(tags, targets);
  const limits = {
    tags: TAGGING_LIMITS.assignTagsMax,
    assets: TAGGING_LIMITS.assignAssetsMax,
    collections: TAGGING_LIMITS.assignCollectionsMax,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (issues.tags || issues.targets) return;
    const result = await assignTags(assignRequestOf(tags, targets));
    if (result.error) return;
    const state: TagSummaryState = { kind: 'assigned', tagIds: tags.map((tag) => tag.tagId), summary: result.data };
    void navigate(ROUTES.tagSummary, { state });
  };

  const tagsError = attempted && issues.tags ? t(issues.tags, limits) : undefined;
  return (
    <TaggingFrame titleKey="pages.tagAssign" adminOnly>
      <Card component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}>
        <CardContent>
          <Stack spacing={2}>
            <Autocomplete<TagDto, true, false, false>
              multiple
              options={options ?? []}
              value={tags}
              onChange={(_event, next) => setTags(next)}
              getOptionLabel={(tag) => tag.tagId}
              getOptionKey={(tag) => tag.id}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              filterSelectedOptions
              loading={isFetching}
              loadingText={t('common.loading')}
              noOptionsText={t('tags.library.empty')}
              renderInput={({ InputProps, inputProps, InputLabelProps, ...params }) => (
                <TextField
                  {...params}
                  label={t('tags.assign.tags')}
                  error={tagsError !== undefined}
                  helperText={tagsError ?? ' '}
                  slotProps={{
                    input: InputProps,
                    inputLabel: InputLabelProps,
                    htmlInput: { ...inputProps, 'data-testid': 'tag-assign-tags' },
                  }}
                />
              )}
            />
            <TagTargetPicker
              value={targets}
              onChange={setTargets}
              error={attempted && issues.targets ? t(issues.targets, limits) : undefined}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to={ROUTES.tagLibrary}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={isLoading} data-testid="tags-assign-submit">
                {t('tags.assign.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </TaggingFrame>
  );
}
