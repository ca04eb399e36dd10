import { isAdminRole } from '@app/shared';

/** Reads a JWT's payload without verifying it: the browser only uses it to choose what to show. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function asRoleList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (typeof item === 'string') return [item];
      if (item && typeof item === 'object') {
        const named = (item as Record<string, unknown>).authority ?? (item as Record<string, unknown>).name;
        return typeof named === 'string' ? [named] : [];
      }
      return [];
    });
  }
  return [];
}

/** The roles a token carries in its roles, authorities, scope or role claims. */
export function rolesFromToken(token: string | null | undefined): string[] {
  const payload = decodeJwtPayload(token);
  if (!payload) return [];
  const roles = ['roles', 'authorities', 'scope', 'role'].flatMap((claim) => asRoleList(payload[claim]));
  return [...new Set(roles)];
}

/** Admin when any role is ROLE_ADMIN, ADMIN or admin (any case). */
export const isAdminToken = (token: string | null | undefined) => rolesFromToken(token).some(isAdminRole);
