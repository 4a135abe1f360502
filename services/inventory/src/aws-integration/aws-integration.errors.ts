import { InventoryErrorCode, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

type AwsIntegrationErrorCode = InventoryErrorCode.IntegrationNotFound | InventoryErrorCode.SyncAlreadyRunning;

export const AWS_INTEGRATION_ERRORS: ErrorCatalogue<AwsIntegrationErrorCode> = {
  // None configured and another tenant's get the same answer (no existence oracle).
  [InventoryErrorCode.IntegrationNotFound]: { status: 404, message: MESSAGES.notFound('Integration') },
  [InventoryErrorCode.SyncAlreadyRunning]: { status: 409, message: 'A sync of this integration is already running.' },
};

export const awsIntegrationError = domainErrors(AWS_INTEGRATION_ERRORS);
