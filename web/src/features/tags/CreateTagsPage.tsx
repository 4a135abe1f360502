import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS, TAGGING_LIMITS, tagPairKey } from '@infra/contracts';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { CHECKED_AS_LEFT } from '../../shared/forms';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { TaggingFrame } from './TaggingFrame';
import { newTagsOf, rowIssues, type TagRow, type TagSummaryState } from './tagRules';
import { useBatchCreateTagMutation, useGetTagsQuery } from './tagsApi';

type Field = 'key' | 'value' | 'description';

const MAX_LENGTHS: Record<Field, number> = {
  key: LIMITS.tagKeyMaxLength,
  value: LIMITS.tagValueMaxLength,
  description: LIMITS.tagDescriptionMaxLength,
};

/** Create Tags (spec §2): key-value pairs added with Add Tag, checked as typed, created all at once. */
export default function CreateTagsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useInventoryAccess();
  const nextRowId = useRef(1);
  // A field's issue shows once it has been left, or for every field after a submit attempt.
  const { control, handleSubmit, trigger } = useForm<{ rows: TagRow[] }>({
    ...CHECKED_AS_LEFT,
    defaultValues: { rows: [{ rowId: 0, key: '', value: '', description: '' }] },
  });
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'rows' });
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { data: existing } = useGetTagsQuery({ includeSystemTags: true }, { skip: !organizationId || !isAdmin });
  const [createTags, { isLoading }] = useBatchCreateTagMutation();

  const existingPairs = useMemo(
    () => new Set((existing ?? []).map((tag) => tagPairKey(tag.key, tag.value))),
    [existing],
  );
  // A pair is checked against the other rows and the organization's tags: all rows again when a row comes or goes, or
  // the tags arrive.
  useEffect(() => {
    void trigger('rows');
  }, [rows, existingPairs, trigger]);

  const addRow = () => {
    const rowId = nextRowId.current;
    nextRowId.current += 1;
    append({ rowId, key: '', value: '', description: '' }, { shouldFocus: false });
  };

  const submit = handleSubmit(async (form) => {
    const result = await createTags({ tags: newTagsOf(form.rows) });
    if (result.error) return;
    const state: TagSummaryState = { kind: 'created', tags: result.data.tags };
    void navigate(ROUTES.tagSummary, { state });
  });

  return (
    <TaggingFrame titleKey="pages.tagCreate" adminOnly>
      <Card component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('tags.create.intro')}{' '}
            <Link component={RouterLink} to={ROUTES.tagImport}>
              {t('tags.create.orImport')}
            </Link>
          </Typography>
          <Stack spacing={2}>
            {rows.map((row, index) => (
              <Box
                key={row.rowId}
                role="group"
                aria-label={t('tags.create.row', { number: index + 1 })}
                data-testid={`tag-row-${index}`}
                sx={{
                  // On a phone each tag is a framed block headed by its number and its remove button.
                  display: { xs: 'grid', md: 'flex' },
                  gridTemplateColumns: '1fr auto',
                  gap: 1.5,
                  alignItems: { xs: 'center', md: 'flex-start' },
                  border: { xs: 1, md: 0 },
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: { xs: 1.5, md: 0 },
                  pb: 0,
                }}
              >
                <Typography variant="subtitle2" sx={{ display: { xs: 'block', md: 'none' }, gridRow: 1 }}>
                  {t('tags.create.row', { number: index + 1 })}
                </Typography>
                {(['key', 'value', 'description'] as const).map((field) => (
                  <ControlledTextField
                    key={field}
                    control={control}
                    name={`rows.${index}.${field}`}
                    unnamed
                    rules={{
                      validate: (_value, form) => rowIssues(form.rows, existingPairs)[index]?.[field],
                      // A key or a value can make another row's pair a repeated one.
                      ...(field === 'description' ? {} : { deps: 'rows' }),
                    }}
                    showError="onceLeft"
                    help=" "
                    label={t(`tags.fields.${field}`)}
                    required={field !== 'description'}
                    size="small"
                    sx={{ flex: field === 'description' ? 1.5 : 1, gridColumn: '1 / -1' }}
                    slotProps={{
                      htmlInput: { maxLength: MAX_LENGTHS[field] + 1, 'data-testid': `tag-${field}-${index}` },
                    }}
                  />
                ))}
                <IconButton
                  aria-label={t('tags.create.removeRow', { number: index + 1 })}
                  onClick={() => remove(index)}
                  disabled={rows.length === 1}
                  sx={{ gridRow: 1, gridColumn: 2 }}
                >
                  <DeleteOutline />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}
          >
            <Button
              startIcon={<AddOutlined />}
              onClick={addRow}
              disabled={rows.length >= TAGGING_LIMITS.createBatchMax}
              data-testid="tag-add-row"
            >
              {t('tags.create.addTag')}
            </Button>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={ROUTES.tagLibrary}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={isLoading} data-testid="tags-create-submit">
                {t('tags.create.submit', { count: rows.length })}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </TaggingFrame>
  );
}
