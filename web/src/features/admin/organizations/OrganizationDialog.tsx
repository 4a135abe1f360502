import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { ORGANIZATION_FIELD_MAX_LENGTHS, type OrganizationDto, type OrganizationRequest } from '@infra/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AS_TYPED, fieldRule } from '../../../shared/forms';
import {
  EMPTY_ORGANIZATION_VALUES,
  ORGANIZATION_FORM_FIELDS,
  toOrganizationRequest,
  validateOrganization,
  valuesOf,
  type OrganizationField,
  type OrganizationValues,
} from './organizationForm';

/** Half-width fields from the small breakpoint up (the others take the whole row). */
const HALF: ReadonlySet<OrganizationField> = new Set(['city', 'state', 'zipCode', 'country']);

export interface OrganizationDialogProps {
  /** The organization to edit; null to add one. */
  organization: OrganizationDto | null;
  open: boolean;
  submitting: boolean;
  onSubmit: (request: OrganizationRequest) => void;
  onClose: () => void;
}

/** Adds an organization, or renames one and edits its address. */
export function OrganizationDialog({ organization, open, submitting, onSubmit, onClose }: OrganizationDialogProps) {
  const { t } = useTranslation();
  const initial = organization ? valuesOf(organization) : EMPTY_ORGANIZATION_VALUES;
  const { control, handleSubmit, reset } = useForm<OrganizationValues>({ ...CHECKED_AS_TYPED, defaultValues: initial });
  const title = organization ? t('organizations.editTitle', { name: organization.name }) : t('organizations.addTitle');

  const submit = handleSubmit((values) => onSubmit(toOrganizationRequest(values)));

  /** What a shown problem says: a too-long text shows at once, a missing name once the user tried to save. */
  const errorText = (field: OrganizationField, kind: string): string | undefined => {
    if (kind === 'tooLong') return t('organizations.errors.tooLong', { max: ORGANIZATION_FIELD_MAX_LENGTHS[field] });
    if (kind === 'required') return t('organizations.errors.nameRequired');
    return undefined;
  };

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      // Each opening starts from the organization as it is now.
      slotProps={{ transition: { onEnter: () => reset(initial) } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={title}
        data-testid="organization-form"
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {ORGANIZATION_FORM_FIELDS.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: HALF.has(field) ? 6 : 12 }}>
                <ControlledTextField
                  control={control}
                  name={field}
                  rules={{ validate: fieldRule(validateOrganization, field) }}
                  showError="requiredAfterSubmit"
                  errorText={(kind) => errorText(field, kind)}
                  label={t(`organizations.fields.${field}`)}
                  required={field === 'name'}
                  autoFocus={field === 'name'}
                  type={field === 'website' ? 'url' : 'text'}
                  autoComplete={field === 'name' ? 'organization' : 'off'}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
