import CancelIcon from '@mui/icons-material/Cancel';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutocompleteInput } from '../../shared/components/AutocompleteInput';
import { useGetAssetsQuery, useGetCollectionsQuery } from '../management/inventoryApi';
import { searchParam } from '../management/inventoryRules';
import { useDebouncedValue } from '../management/useDebouncedValue';
import { targetKey, type TargetChoice } from './tagRules';

/** Assets offered per search. */
const SUGGESTIONS = 20;

export interface TagTargetPickerProps {
  value: TargetChoice[];
  onChange: (value: TargetChoice[]) => void;
  error?: string;
}

/**
 * The "collection:asset" field of Tag Assignment (spec §2): type to search assets on the server or the
 * organization's collections by name; each choice becomes a chip removable with its x.
 */
export function TagTargetPicker({ value, onChange, error }: TagTargetPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  const { data: found, isFetching } = useGetAssetsQuery({ search: searchParam(search), pageSize: SUGGESTIONS });
  const { data: collections } = useGetCollectionsQuery();

  const options = useMemo<TargetChoice[]>(() => {
    const chosen = new Set(value.map(targetKey));
    const text = search.trim().toLowerCase();
    const collectionOptions = (collections ?? [])
      .filter((collection) => !text || collection.name.toLowerCase().includes(text))
      .map((collection): TargetChoice => ({
        kind: 'collection',
        id: collection.id,
        name: collection.name,
        detail: t('management.picker.collectionAssets', { count: collection.assetCount }),
      }));
    const assetOptions = (found?.items ?? []).map((asset): TargetChoice => ({
      kind: 'asset',
      id: asset.id,
      name: asset.name,
      detail: asset.externalId,
    }));
    return [...collectionOptions, ...assetOptions].filter((option) => !chosen.has(targetKey(option)));
  }, [collections, found, search, value, t]);

  const labelOf = (target: TargetChoice) =>
    target.kind === 'collection' ? t('management.picker.collectionOption', { name: target.name }) : target.name;

  return (
    <Stack spacing={1}>
      <Autocomplete<TargetChoice, false, false, false>
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_event, text, reason) => {
          // Picking an option (or leaving the field) keeps the search text, so several assets can be picked
          // from one search: only typing and the clear button change it.
          if (reason === 'input' || reason === 'clear') setInput(text);
        }}
        onChange={(_event, option) => {
          if (option) onChange([...value, option]);
        }}
        filterOptions={(list) => list}
        groupBy={(option) => t(option.kind === 'asset' ? 'management.picker.assets' : 'management.picker.collections')}
        getOptionLabel={labelOf}
        getOptionKey={targetKey}
        isOptionEqualToValue={(option, chosen) => targetKey(option) === targetKey(chosen)}
        loading={isFetching}
        loadingText={t('management.picker.searching')}
        noOptionsText={t('management.picker.noMatches')}
        disableCloseOnSelect
        blurOnSelect={false}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {labelOf(option)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.detail}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <AutocompleteInput
            params={params}
            label={t('management.picker.label')}
            placeholder={t('management.picker.placeholder')}
            error={error !== undefined}
            helperText={error ?? ' '}
            testId="tag-target-picker"
          />
        )}
      />
      {value.length > 0 ? (
        <Box
          role="list"
          aria-label={t('tags.assign.chosenTargets')}
          data-testid="tag-targets"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, maxHeight: 220, overflowY: 'auto' }}
        >
          {value.map((target) => (
            <Chip
              key={targetKey(target)}
              role="listitem"
              size="small"
              label={labelOf(target)}
              title={target.detail}
              onDelete={() => onChange(value.filter((chosen) => targetKey(chosen) !== targetKey(target)))}
              deleteIcon={
                <CancelIcon
                  role="button"
                  aria-hidden={false}
                  aria-label={t('management.picker.remove', { name: labelOf(target) })}
                  data-testid={`remove-target-${targetKey(target)}`}
                />
              }
              data-testid={`target-${targetKey(target)}`}
            />
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
