import type { GeoService } from './service';

// PLACEHOLDER until the geo helper lands.
export async function createGeoService(): Promise<GeoService> {
  return { lookup: () => null };
}
