import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { registerClientIp } from '../../plugins/client-ip';
import { useBareApp } from '../../test/bare-app';
import { useTestApp } from '../../test/harness';
import { createGeoService } from './index';
import { geoRoutes } from './routes';
import type { GeoService } from './service';

describe('geo lookup', () => {
  let geo: GeoService;
  beforeAll(async () => {
    geo = await createGeoService();
  });

  it('places public IPv4 addresses in their country, with the state when known', () => {
    expect(geo.lookup('8.8.8.8')?.country).toBe('US');
    expect(geo.lookup('24.24.24.24')?.country).toBe('US');
    expect(geo.lookup('128.101.101.101')?.country).toBe('US');
    expect(geo.lookup('81.2.69.142')?.country).toBe('GB');
    expect(geo.lookup('193.0.6.139')?.country).toBe('NL');
    expect(geo.lookup('2.16.0.1')?.country).toBe('BR');
  });

  it('places public IPv6 addresses, and IPv4 addresses written as IPv6', () => {
    expect(geo.lookup('2001:4860:4860::8888')?.country).toBe('US');
    expect(geo.lookup('2a00:1450:4001:80b::200e')?.country).toBe('DE');
    expect(geo.lookup('::ffff:81.2.69.142')?.country).toBe('GB');
    expect(geo.lookup('::FFFF:5102:458e')?.country).toBe('GB');
    expect(geo.lookup('0:0:0:0:0:ffff:8.8.8.8')?.country).toBe('US');
  });

  it('knows nothing of loopback, private, shared and link-local addresses, nor of nonsense', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.1.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:c0a8:101',
      'not an ip',
      '',
    ]) {
      expect(geo.lookup(ip), ip).toBeNull();
    }
  });

  it('treats an address the database does not cover as unknown', () => {
    expect(geo.lookup('203.0.113.5')).toBeNull();
  });
});

describe('GET /api/geo', () => {
  const geoFor = async (app: Pick<App, 'inject'>, remoteAddress: string, forwardedFor?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/geo',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return { status: res.statusCode, body: res.json<{ country: string | null; state: string | null; allowed: boolean }>() };
  };

  // The whole app answers behind one trusted proxy, as in production. Fastify's trust in proxies and
  // the geo check are fixed when a server starts: each other setting gets a bare server with the real
  // client-address plugin and the real route, on the whole app's services.
  const whole = useTestApp({ TRUST_PROXY: '1', GEO_RESTRICT: 'on' });
  const geoServer = (env: Record<string, string>) =>
    useBareApp(env, async (app, config) => {
      registerClientIp(app);
      await app.register(geoRoutes, { ctx: { ...whole.app.ctx, config } });
    });

  describe('without a trusted proxy', () => {
    const server = geoServer({ GEO_RESTRICT: 'on' });

    it('answers for the connecting address', async () => {
      expect(await geoFor(server.app, '24.24.24.24')).toEqual({ status: 200, body: { country: 'US', state: 'New York', allowed: true } });
      expect((await geoFor(server.app, '81.2.69.142')).body).toMatchObject({ country: 'GB', allowed: false });
      expect((await geoFor(server.app, '::ffff:81.2.69.142')).body).toMatchObject({ country: 'GB', allowed: false });
    });

    it('lets unknown and private addresses through', async () => {
      expect((await geoFor(server.app, '127.0.0.1')).body).toEqual({ country: null, state: null, allowed: true });
      expect((await geoFor(server.app, '192.168.0.7')).body).toEqual({ country: null, state: null, allowed: true });
    });

    it('#6 #32 ignores X-Forwarded-For, which anyone can send', async () => {
      expect((await geoFor(server.app, '24.24.24.24', '81.2.69.142')).body).toMatchObject({ country: 'US', allowed: true });
      expect((await geoFor(server.app, '127.0.0.1', '81.2.69.142')).body).toMatchObject({ country: null, allowed: true });
    });
  });

  describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
    it('answers for the client address the proxy forwards', async () => {
      const app = whole.app;
      expect((await geoFor(app, '10.0.0.2', '81.2.69.142')).body).toMatchObject({ country: 'GB', allowed: false });
      expect((await geoFor(app, '10.0.0.2', '2001:4860:4860::8888')).body).toMatchObject({ country: 'US', allowed: true });
      expect((await geoFor(app, '10.0.0.2')).body).toMatchObject({ country: null, allowed: true });
    });

    it('#6 #32 believes only the hop the proxy added, not the addresses a client put before it', async () => {
      const app = whole.app;
      expect((await geoFor(app, '10.0.0.2', '8.8.8.8, 81.2.69.142')).body).toMatchObject({ country: 'GB', allowed: false });
      expect((await geoFor(app, '10.0.0.2', '81.2.69.142, 8.8.8.8')).body).toMatchObject({ country: 'US', allowed: true });
    });

    it('#6 #32 ignores a forwarded hop that is not an IP address and uses the connecting address', async () => {
      for (const garbage of ['8.8.8.8<script>', 'unknown', '81.2.69.142:443', "' OR 1=1 --", '']) {
        expect((await geoFor(whole.app, '81.2.69.142', garbage)).body, garbage).toMatchObject({ country: 'GB', allowed: false });
      }
    });
  });

  describe('behind named proxies (TRUST_PROXY=10.0.0.0/8)', () => {
    const server = geoServer({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1', GEO_RESTRICT: 'on' });

    it('#6 #32 believes forwarded hops only from the listed proxies', async () => {
      expect((await geoFor(server.app, '10.1.2.3', '81.2.69.142')).body).toMatchObject({ country: 'GB' });
      expect((await geoFor(server.app, '192.0.2.1', '81.2.69.142')).body).toMatchObject({ country: 'GB' });
      // Not a listed proxy: its header is the client's own claim.
      expect((await geoFor(server.app, '24.24.24.24', '81.2.69.142')).body).toMatchObject({ country: 'US' });
    });
  });

  describe('with GEO_RESTRICT=off', () => {
    const server = geoServer({ GEO_RESTRICT: 'off' });

    it('allows every address, and still says where it is', async () => {
      expect((await geoFor(server.app, '81.2.69.142')).body).toMatchObject({ country: 'GB', allowed: true });
    });
  });
});
