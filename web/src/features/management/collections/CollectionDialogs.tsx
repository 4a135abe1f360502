import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVENTORY_LIMITS, type CollectionDto } from '@infra/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { collectionNameError } from '../inventoryRules';
import { AssetPicker } from './AssetPicker';
import type { AssetChoice } from './memberAssets';
import { useCollectionMembers } from './memberAssets';

export interface NewCollection {
  name: string;
  assets: AssetChoice[];
}

function CollectionNameField({
  value,
  onChange,
  showError,
}: {
  value: string;
  onChange: (value: string) => void;
  showError: boolean;
}) {
  const { t } = useTranslation();
  const error = showError ? collectionNameError(value) : null;
  return (
    <TextField
      label={t('management.collections.name')}
      name="name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ? t(error) : ' '}
      required
      fullWidth
      autoFocus
      slotProps={{
        htmlInput: { maxLength: INVENTORY_LIMITS.collectionNameMaxLength, 'data-testid': 'collection-name' },
      }}
    />
  );
}

/** Creates a collection: a name unique in the organization, and optionally its first assets. */
export function CreateCollectionDialog({
  open,
  submitting,
  onSubmit,
  onClose,
}: {
  open: boolean;
  submitting: boolean;
  onSubmit: (collection: NewCollection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [assets, setAssets] = useState<AssetChoice[]>([]);
  const [attempted, setAttempted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (collectionNameError(name)) return;
    onSubmit({ name: name.trim(), assets });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setName('');
            setAssets([]);
            setAttempted(false);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={t('management.collections.createTitle')}>
        <DialogTitle>{t('management.collections.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <CollectionNameField value={name} onChange={setName} showError={attempted} />
            <AssetPicker value={assets} onChange={setAssets} disabled={submitting} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="collection-save">
            {t('management.collections.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Renames a collection. */
export function RenameCollectionDialog({
  collection,
  submitting,
  onSubmit,
  onClose,
}: {
  collection: CollectionDto | null;
  submitting: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [attempted, setAttempted] = useState(false);
  useEffect(() => {
    if (collection) {
      setName(collection.name);
      setAttempted(false);
    }
  }, [collection]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (collectionNameError(name)) return;
    onSubmit(name.trim());
  };

  return (
    <Dialog open={collection !== null} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit} aria-label={t('management.collections.renameTitle')}>
        <DialogTitle>{t('management.collections.renameTitle')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <CollectionNameField value={name} onChange={setName} showError={attempted} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="collection-rename-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Edits the members of a collection with the collection:asset field; saving sends what was added and removed. */
export function CollectionMembersDialog({
  collection,
  submitting,
  onSubmit,
  onClose,
}: {
  collection: CollectionDto | null;
  submitting: boolean;
  onSubmit: (before: AssetChoice[], after: AssetChoice[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const members = useCollectionMembers(collection?.id ?? null);
  const [picked, setPicked] = useState<AssetChoice[]>([]);
  useEffect(() => {
    if (members) setPicked(members);
  }, [members]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (members) onSubmit(members, picked);
  };

  return (
    <Dialog open={collection !== null} onClose={onClose} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={submit} aria-label={t('management.collections.membersTitle')}>
        <DialogTitle>{t('management.collections.membersTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('management.collections.membersHelp', { name: collection?.name ?? '' })}
          </DialogContentText>
          {members === undefined ? <LinearProgress aria-label={t('common.loading')} /> : null}
          {members === null ? <Alert severity="error">{t('toast.queryError')}</Alert> : null}
          {members ? (
            <AssetPicker
              value={picked}
              onChange={setPicked}
              excludeCollectionId={collection?.id}
              disabled={submitting}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!members || submitting}
            data-testid="collection-members-save"
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
