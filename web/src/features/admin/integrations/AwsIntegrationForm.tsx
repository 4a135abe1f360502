import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AwsIntegrationDto, AwsIntegrationRequest } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';
import {
  AWS_REGIONS_MAX,
  awsValuesOf,
  generateExternalId,
  toAwsIntegrationRequest,
  validateAwsIntegration,
  type AwsIntegrationValues,
} from './awsIntegrationForm';

export interface AwsIntegrationFormProps {
  /** The stored integration (its values fill the form), or null for a first set-up. */
  integration: AwsIntegrationDto | null;
  saving: boolean;
  onSave: (request: AwsIntegrationRequest) => void;
}

/** Admins store the cross-account role ARN, its external id and, optionally, the regions to sync. */
export function AwsIntegrationForm({ integration, saving, onSave }: AwsIntegrationFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => awsValuesOf(integration));
  const [attempted, setAttempted] = useState(false);
  const errors = validateAwsIntegration(values);
  const set = (field: keyof AwsIntegrationValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** A malformed value shows once the user tried to save, or as soon as the field holds something. */
  const errorText = (field: keyof AwsIntegrationValues): string | undefined => {
    const error = errors[field];
    if (!error || (!attempted && values[field].trim() === '')) return undefined;
    if (error === 'required') return t(`integrations.aws.errors.${field}Required`);
    return t(`integrations.aws.errors.${field}Invalid`, { max: AWS_REGIONS_MAX });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    onSave(toAwsIntegrationRequest(values));
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t(integration ? 'integrations.aws.editTitle' : 'integrations.aws.setUpTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="aws-trust-help">
          {t('integrations.aws.trustHelp')}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={t('integrations.aws.formLabel')}
          data-testid="aws-form"
        >
          <Stack spacing={2}>
            <FormTextField
              label={t('integrations.aws.fields.roleArn')}
              name="roleArn"
              value={values.roleArn}
              onValueChange={set('roleArn')}
              error={errorText('roleArn') !== undefined}
              helperText={errorText('roleArn') ?? t('integrations.aws.roleArnHelp')}
              placeholder="arn:aws:iam::123456789012:role/infra-analytics-read"
              required
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormTextField
                label={t('integrations.aws.fields.externalId')}
                name="externalId"
                value={values.externalId}
                onValueChange={set('externalId')}
                error={errorText('externalId') !== undefined}
                helperText={errorText('externalId') ?? t('integrations.aws.externalIdHelp')}
                required
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
              <Button onClick={() => set('externalId')(generateExternalId())} sx={{ mt: 1, flexShrink: 0 }}>
                {t('integrations.aws.generate')}
              </Button>
            </Box>
            <FormTextField
              label={t('integrations.aws.fields.regions')}
              name="regions"
              value={values.regions}
              onValueChange={set('regions')}
              error={errorText('regions') !== undefined}
              helperText={errorText('regions') ?? t('integrations.aws.regionsHelp')}
              placeholder="us-east-1, eu-west-1"
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={saving}>
                {t('common.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
