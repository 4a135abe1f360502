import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmByNameDialogProps {
  /** The name to type; null when closed. */
  name: string | null;
  title: string;
  /** What goes with it, said plainly (it cannot be undone). */
  warning: string;
  deleting: boolean;
  onConfirm: (name: string) => void;
  onClose: () => void;
}

/**
 * A deletion that cannot be undone (an organization or an account with all its data): the Delete button stays off
 * until the exact name is typed, so a slip of the mouse deletes nothing. The API checks the same name again.
 */
export function ConfirmByNameDialog({ name, title, warning, deleting, onConfirm, onClose }: ConfirmByNameDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [name]);
  const matches = name !== null && typed === name;
  return (
    <Dialog open={name !== null} onClose={deleting ? undefined : onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) onConfirm(name);
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Alert severity="error" sx={{ mb: 2 }}>
            {warning}
          </Alert>
          <TextField
            label={t('confirmByName.label', { name: name ?? '' })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'confirm-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={deleting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || deleting}>
            {t('confirmByName.delete')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
