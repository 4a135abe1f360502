import { MESSAGES, OrganizationErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const ORGANIZATION_ERRORS: ErrorCatalogue<OrganizationErrorCode> = {
  // The same answer for a random id and for another tenant's organization (no existence oracle).
  [OrganizationErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('Organization') },
  [OrganizationErrorCode.NameTaken]: { status: 409, message: MESSAGES.alreadyExists },
  [OrganizationErrorCode.NameNotConfirmed]: {
    status: 400,
    message: "Type the organization's name exactly to delete it and all its data.",
  },
};

export const organizationError = domainErrors(ORGANIZATION_ERRORS);
