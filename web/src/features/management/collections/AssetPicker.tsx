import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CancelIcon from '@mui/icons-material/Cancel';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { AutocompleteInput } from '../../../shared/components/AutocompleteInput';
import { useGetAssetsQuery, useGetCollectionsQuery } from '../inventoryApi';
import { searchParam } from '../inventoryRules';
import { useDebouncedValue } from '../useDebouncedValue';
import { loadCollectionMembers, toChoice, type AssetChoice } from './memberAssets';

/** Assets offered per search. */
const SUGGESTIONS = 20;

/** An option of the collection:asset field: one asset, or a collection standing for all of its assets. */
type PickerOption =
  ({ kind: 'asset' } & AssetChoice) | { kind: 'collection'; id: string; name: string; assetCount: number };

export interface AssetPickerProps {
  value: AssetChoice[];
  onChange: (value: AssetChoice[]) => void;
  /** A collection not to offer (the one being edited). */
  excludeCollectionId?: string;
  disabled?: boolean;
}

/** Adds `more` to `current`, each asset once, in the order picked. */
function merged(current: AssetChoice[], more: AssetChoice[]): AssetChoice[] {
  const seen = new Set(current.map((asset) => asset.id));
  return [...current, ...more.filter((asset) => !seen.has(asset.id) && seen.add(asset.id))];
}

/**
 * The "collection:asset" field: type to search assets on the server (name, external id, instance type, site)
 * or the organization's collections by name; a picked asset becomes a chip (removable with its x), a picked
 * collection adds all of its assets.
 */
export function AssetPicker({ value, onChange, excludeCollectionId, disabled }: AssetPickerProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [input, setInput] = useState('');
  const [expanding, setExpanding] = useState(false);
  const search = useDebouncedValue(input);
  const { data: found, isFetching } = useGetAssetsQuery({ search: searchParam(search), pageSize: SUGGESTIONS });
  const { data: collections } = useGetCollectionsQuery();

  const options = useMemo<PickerOption[]>(() => {
    const chosen = new Set(value.map((asset) => asset.id));
    const text = search.trim().toLowerCase();
    const collectionOptions: PickerOption[] = (collections ?? [])
      .filter((collection) => collection.id !== excludeCollectionId && collection.assetCount > 0)
      .filter((collection) => !text || collection.name.toLowerCase().includes(text))
      .map((collection) => ({ kind: 'collection', ...collection }));
    const assetOptions: PickerOption[] = (found?.items ?? [])
      .filter((asset) => !chosen.has(asset.id))
      .map((asset) => ({ kind: 'asset', ...toChoice(asset) }));
    return [...collectionOptions, ...assetOptions];
  }, [collections, found, search, value, excludeCollectionId]);

  const pick = async (option: PickerOption) => {
    if (option.kind === 'asset') {
      onChange(merged(value, [option]));
      return;
    }
    setExpanding(true);
    try {
      onChange(merged(value, await loadCollectionMembers(dispatch, option.id)));
    } catch {
      // The query listener has shown the error toast; the field keeps what it had.
    } finally {
      setExpanding(false);
    }
  };

  const remove = (id: string) => onChange(value.filter((asset) => asset.id !== id));

  return (
    <Stack spacing={1}>
      <Autocomplete<PickerOption, false, false, false>
        disabled={disabled}
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_event, text, reason) => {
          // Picking an option keeps the search text, so several assets can be picked from one search.
          if (reason !== 'reset') setInput(text);
        }}
        onChange={(_event, option) => {
          if (option) void pick(option);
        }}
        filterOptions={(list) => list}
        groupBy={(option) => t(option.kind === 'asset' ? 'management.picker.assets' : 'management.picker.collections')}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => `${option.kind}:${option.id}`}
        isOptionEqualToValue={(option, chosen) => option.kind === chosen.kind && option.id === chosen.id}
        loading={isFetching || expanding}
        loadingText={t('management.picker.searching')}
        noOptionsText={t('management.picker.noMatches')}
        disableCloseOnSelect
        blurOnSelect={false}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {option.kind === 'collection'
                  ? t('management.picker.collectionOption', { name: option.name })
                  : option.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.kind === 'collection'
                  ? t('management.picker.collectionAssets', { count: option.assetCount })
                  : option.externalId}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <AutocompleteInput
            params={params}
            label={t('management.picker.label')}
            placeholder={t('management.picker.placeholder')}
            testId="collection-asset-picker"
          />
        )}
      />
      <Typography variant="body2" color="text.secondary" id="picked-assets-label">
        {t('management.picker.help', { count: value.length })}
      </Typography>
      {value.length > 0 ? (
        <Box
          role="list"
          aria-labelledby="picked-assets-label"
          data-testid="picked-assets"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.75,
            maxHeight: 220,
            overflowY: 'auto',
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {value.map((asset) => (
            <Chip
              key={asset.id}
              role="listitem"
              size="small"
              label={asset.name}
              title={asset.externalId}
              disabled={disabled}
              onDelete={() => remove(asset.id)}
              deleteIcon={
                <CancelIcon
                  role="button"
                  aria-hidden={false}
                  aria-label={t('management.picker.remove', { name: asset.name })}
                  data-testid={`remove-asset-${asset.id}`}
                />
              }
              data-testid={`picked-asset-${asset.id}`}
            />
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
