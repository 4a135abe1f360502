import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  /** Texts, translated by the caller. */
  title: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's data-testid (browser tests click it). */
  confirmTestId: string;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting something: Cancel, or a red confirm button that stays disabled while the delete runs. */
export function ConfirmDeleteDialog({
  open,
  title,
  text,
  confirmLabel,
  confirmTestId,
  submitting,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={submitting} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
