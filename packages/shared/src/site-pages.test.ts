import { describe, expect, it } from 'vitest';
import { ADMIN_LINK_PATHS, isAdminLinkPage, PRERENDERED_PATHS, SERVICE_SLUGS, TIP_SLUGS } from './site-pages';

describe('the public pages', () => {
  it('prerenders the home page, every service page and article, and the other open pages, once each', () => {
    expect(PRERENDERED_PATHS).toContain('/');
    for (const slug of SERVICE_SLUGS) expect(PRERENDERED_PATHS).toContain(`/services/${slug}`);
    for (const slug of TIP_SLUGS) expect(PRERENDERED_PATHS).toContain(`/tips/${slug}`);
    expect(new Set(PRERENDERED_PATHS).size).toBe(PRERENDERED_PATHS.length);
    expect(PRERENDERED_PATHS).not.toContain('/profile');
  });

  it('treats the admin link addresses under /api as pages, and nothing else under /api', () => {
    expect(ADMIN_LINK_PATHS.filter((path) => path.startsWith('api/'))).toHaveLength(2);
    for (const url of [
      '/api/verify-admin-login/tok_1',
      '/api/auth/verify-admin-login/tok_1',
      '/api/auth/verify-admin-login?token=x',
      '/api/verify-admin-login',
    ]) {
      expect(isAdminLinkPage(url), url).toBe(true);
    }
    for (const url of ['/api/auth/verify-admin-loginx', '/api/users/me', '/api/auth/login', '/verify-admin-login/tok_1']) {
      expect(isAdminLinkPage(url), url).toBe(false);
    }
  });
});
