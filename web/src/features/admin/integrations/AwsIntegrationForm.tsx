import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AwsIntegrationDto, AwsIntegrationRequest } from '@infra/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AS_TYPED, fieldRule } from '../../../shared/forms';
import {
  AWS_REGIONS_MAX,
  awsValuesOf,
  generateExternalId,
  toAwsIntegrationRequest,
  validateAwsIntegration,
  type AwsIntegrationValues,
} from './awsIntegrationForm';

/** The ARN, the external id and the regions are codes: no spelling checks, no capitals. */
const UNCHECKED_SPELLING = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } };

export interface AwsIntegrationFormProps {
  /** The stored integration (its values fill the form), or null for a first set-up. */
  integration: AwsIntegrationDto | null;
  saving: boolean;
  onSave: (request: AwsIntegrationRequest) => void;
}

/** Admins store the cross-account role ARN, its external id and, optionally, the regions to sync. */
export function AwsIntegrationForm({ integration, saving, onSave }: AwsIntegrationFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setValue } = useForm<AwsIntegrationValues>({
    ...CHECKED_AS_TYPED,
    defaultValues: awsValuesOf(integration),
  });

  /**
   * A field of the form: its error is the kind of problem ('required', 'invalid') validateAwsIntegration finds in it,
   * a malformed value showing as soon as the field holds something, a missing one once the user tried to save.
   */
  const fieldProps = (field: keyof AwsIntegrationValues) => ({
    control,
    name: field,
    rules: { validate: fieldRule(validateAwsIntegration, field) },
    showError: 'requiredAfterSubmit' as const,
    errorText: (kind: string) =>
      kind === 'required'
        ? t(`integrations.aws.errors.${field}Required`)
        : t(`integrations.aws.errors.${field}Invalid`, { max: AWS_REGIONS_MAX }),
  });

  const submit = handleSubmit((values) => onSave(toAwsIntegrationRequest(values)));

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
          onSubmit={(event) => void submit(event)}
          aria-label={t('integrations.aws.formLabel')}
          data-testid="aws-form"
        >
          <Stack spacing={2}>
            <ControlledTextField
              {...fieldProps('roleArn')}
              label={t('integrations.aws.fields.roleArn')}
              help={t('integrations.aws.roleArnHelp')}
              placeholder="arn:aws:iam::123456789012:role/infra-analytics-read"
              required
              slotProps={UNCHECKED_SPELLING}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <ControlledTextField
                {...fieldProps('externalId')}
                label={t('integrations.aws.fields.externalId')}
                help={t('integrations.aws.externalIdHelp')}
                required
                slotProps={UNCHECKED_SPELLING}
              />
              <Button
                onClick={() => setValue('externalId', generateExternalId(), { shouldValidate: true })}
                sx={{ mt: 1, flexShrink: 0 }}
              >
                {t('integrations.aws.generate')}
              </Button>
            </Box>
            <ControlledTextField
              {...fieldProps('regions')}
              label={t('integrations.aws.fields.regions')}
              help={t('integrations.aws.regionsHelp')}
              placeholder="us-east-1, eu-west-1"
              slotProps={UNCHECKED_SPELLING}
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
