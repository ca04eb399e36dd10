import { messages } from '@app/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { api, createTestApp, signedInClinician, signedInPatient, tokenFromMail } from '../test/harness';

const ADMIN_EMAIL = 'chief@careconnect.example';
const ADMIN_PASSWORD = 'Adm1n!secret';
const ADMIN_SECRET = 'admin-only-data';

describe('the admin plugin guards every admin route, however the URL is spelled', () => {
  let app: App;
  const routes: RouteOptions[] = [];
  let patientToken: string;
  let clinicianToken: string;
  let adminToken: string;
  beforeAll(async () => {
    // Every admin handler is swapped for one that checks nothing, so these tests prove the plugin's
    // hook alone keeps admin data from anyone else (the route list is whatever the plugin holds).
    const onRoute = (route: RouteOptions) => {
      routes.push(route);
      if (route.url.startsWith('/api/admin')) {
        route.handler = () => Promise.resolve({ adminOnly: ADMIN_SECRET });
        // The stand-in's answer is not the route's declared shape; only the guard is under test here.
        if (route.schema) route.schema = { ...route.schema, response: undefined };
      }
    };
    app = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD }, { onRoute });
    patientToken = (await signedInPatient(app)).token;
    clinicianToken = (await signedInClinician(app)).token;
    await api(app).post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const link = await tokenFromMail(app, ADMIN_EMAIL, 'admin-login');
    adminToken = (await api(app).post('/api/auth/verify-admin-login', { token: link })).body.token as string;
  });
  afterAll(() => app.close());

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lets an admin through to the handler', async () => {
    const res = await get('/api/admin/me', adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ adminOnly: ADMIN_SECRET });
  });

  it.each([
    '/api/%61dmin/me',
    '/api/admin%2Fme',
    '/api/adm%69n/m%65',
    '/api//admin/me',
    '/api/admin//me',
    '//api/admin/me',
    '/API/ADMIN/me',
    '/api/Admin/me',
    '/api/ADMIN/ME',
    '/api/x/../admin/me',
    '/api/./admin/me',
    '/api/%2e/admin/me',
    '/api/x/%2e%2e/admin/me',
    '/api/admin/me/',
    '/api/admin/me?x=1',
    '/api/admin/me;x',
  ])('#19 %s: never 200 nor admin data for anonymous or a patient', async (url) => {
    for (const token of [undefined, patientToken]) {
      const res = await get(url, token);
      expect(res.statusCode, `${url} as ${token ? 'patient' : 'anonymous'}`).not.toBe(200);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(ADMIN_SECRET);
    }
  });

  it('#19 answers an encoded admin path that routes to an admin handler with 401 and 403', async () => {
    expect((await get('/api/%61dmin/me')).statusCode).toBe(401);
    expect((await get('/api/%61dmin/me', patientToken)).statusCode).toBe(403);
  });

  it('#19 every route in the admin plugin answers 401 to anonymous and 403 to a patient and a clinician', async () => {
    const adminRoutes = routes.filter((route) => route.url.startsWith('/api/admin'));
    expect(adminRoutes.map((route) => route.url)).toContain('/api/admin/me');
    for (const route of adminRoutes) {
      for (const method of [route.method].flat()) {
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
        const call = (token?: string) =>
          app.inject({
            method: method as 'GET',
            url,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
          });
        const anonymous = await call();
        expect(anonymous.statusCode, `${method} ${route.url} anonymous`).toBe(401);
        const patient = await call(patientToken);
        expect(patient.statusCode, `${method} ${route.url} patient`).toBe(403);
        if (method !== 'HEAD') expect(patient.json<{ message: string }>().message).toBe(messages.accessDenied);
        const clinician = await call(clinicianToken);
        expect(clinician.statusCode, `${method} ${route.url} clinician`).toBe(403);
        expect(anonymous.body + patient.body + clinician.body).not.toContain(ADMIN_SECRET);
      }
    }
  });
});
