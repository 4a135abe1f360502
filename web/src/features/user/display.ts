import type { UserNameFields } from './types';

/** The name to greet the user with: the first name, else the full name, else the email; empty if unknown. */
export function greetingName(profile: UserNameFields | undefined): string {
  if (!profile) return '';
  const first = profile.firstName?.trim() ?? '';
  if (first) return first;
  const full = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
  return full || profile.email?.trim() || '';
}

/** The full name for menus and the profile page; empty if unknown. */
export function fullName(profile: UserNameFields | undefined): string {
  if (!profile) return '';
  return [profile.firstName, profile.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** One or two initials for an avatar; empty if unknown. */
export function initials(profile: UserNameFields | undefined): string {
  const name = fullName(profile) || profile?.email || '';
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
