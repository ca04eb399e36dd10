import { apiRequest } from '../../../lib/api-client';

/** GET /api/geo: where the server places the visitor, from an offline database (no third party). */
export interface GeoAnswer {
  country: string | null;
  state: string | null;
  allowed: boolean;
}

export const getGeo = (signal?: AbortSignal) => apiRequest<GeoAnswer>('/api/geo', { quiet: true, signal, timeoutMs: 10_000 });
