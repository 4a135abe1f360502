import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { TAGGING_LIMITS, type TagDto } from '@infra/contracts';
import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { AutocompleteInput } from '../../shared/components/AutocompleteInput';
import { CHECKED_AFTER_SUBMIT, fieldRule } from '../../shared/forms';
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

interface Assignment {
  tags: TagDto[];
  targets: TargetChoice[];
}
const issuesOf = ({ tags, targets }: Assignment) => assignIssues(tags, targets);

/** Tag Assignment (spec §2): tags onto assets and collections chosen in a collection:asset field. */
export default function TagAssignPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useInventoryAccess();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { control, handleSubmit } = useForm<Assignment>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: { tags: [], targets: [] },
  });
  // System tags are left out by default; archived ones by status: neither can be assigned by hand.
  const { data: options, isFetching } = useGetTagsQuery(
    { status: ASSIGNABLE_STATUSES },
    { skip: !organizationId || !isAdmin },
  );
  const [assignTags, { isLoading }] = useBatchAssignTagsMutation();
  const limits = {
    tags: TAGGING_LIMITS.assignTagsMax,
    assets: TAGGING_LIMITS.assignAssetsMax,
    collections: TAGGING_LIMITS.assignCollectionsMax,
  };

  const submit = handleSubmit(async ({ tags, targets }) => {
    const result = await assignTags(assignRequestOf(tags, targets));
    if (result.error) return;
    const state: TagSummaryState = { kind: 'assigned', tagIds: tags.map((tag) => tag.tagId), summary: result.data };
    void navigate(ROUTES.tagSummary, { state });
  });

  return (
    <TaggingFrame titleKey="pages.tagAssign" adminOnly>
      <Card component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}>
        <CardContent>
          <Stack spacing={2}>
            <Controller
              control={control}
              name="tags"
              rules={{ validate: fieldRule(issuesOf, 'tags') }}
              render={({ field, fieldState: { error } }) => (
                <Autocomplete<TagDto, true, false, false>
                  multiple
                  options={options ?? []}
                  value={field.value}
                  onChange={(_event, next) => field.onChange(next)}
                  getOptionLabel={(tag) => tag.tagId}
                  getOptionKey={(tag) => tag.id}
                  isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                  filterSelectedOptions
                  loading={isFetching}
                  loadingText={t('common.loading')}
                  noOptionsText={t('tags.library.empty')}
                  renderInput={(params) => (
                    <AutocompleteInput
                      params={params}
                      label={t('tags.assign.tags')}
                      error={error !== undefined}
                      helperText={error?.message ? t(error.message, limits) : ' '}
                      testId="tag-assign-tags"
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="targets"
              rules={{ validate: fieldRule(issuesOf, 'targets') }}
              render={({ field, fieldState: { error } }) => (
                <TagTargetPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={error?.message ? t(error.message, limits) : undefined}
                />
              )}
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
