import { IDENTITY_MESSAGES, MemberErrorCode, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const MEMBER_ERRORS: ErrorCatalogue<MemberErrorCode> = {
  [MemberErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('Member') },
  [MemberErrorCode.AlreadyMember]: { status: 409, message: 'This user already exists in the account.' },
  [MemberErrorCode.LastAdmin]: { status: 409, message: IDENTITY_MESSAGES.lastAdmin },
  // Unknown, expired, answered, or addressed to someone else: one answer.
  [MemberErrorCode.InvitationNotFound]: { status: 404, message: MESSAGES.notFound('Invitation') },
};

export const memberError = domainErrors(MEMBER_ERRORS);
