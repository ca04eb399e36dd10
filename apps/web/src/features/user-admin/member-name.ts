import type { AdminUser } from '@app/shared';

/** docs/product.md, Admin dashboard: first and last name, else the full name, else the e-mail. */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName' | 'fullName' | 'email'>): string {
  return (
    [user.firstName, user.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') ||
    user.fullName.trim() ||
    user.email
  );
}
