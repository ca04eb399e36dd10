import type { FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import type { GeoLocation } from '../features/geo';
import { DomainError } from '../lib/errors';

export const US_ONLY_MESSAGE =
  'Our virtual care is available only to people located in the United States, so we cannot accept this request from your location.';

const usOnlyHooks = new WeakSet<object>();

/**
 * Route hook for the actions that only people in the US may take (sign-up, sign-in, enquiries,
 * checkout): 451 from a known non-US address. Unknown, loopback and private addresses pass, as
 * does everything with GEO_RESTRICT=off.
 */
export const usOnly = (ctx: AppContext) => {
  async function usOnlyHook(request: FastifyRequest) {
    const location = ctx.geo.lookup(request.clientIp);
    if (!isAllowedLocation(ctx, location)) throw new DomainError('region-blocked', US_ONLY_MESSAGE, { country: location?.country });
  }
  usOnlyHooks.add(usOnlyHook);
  return usOnlyHook;
};

/** Whether a route runs the US-only hook: the API description (plugins/openapi.ts) declares its 451 from this. */
export function isUsOnly(route: RouteOptions): boolean {
  const hooks: unknown[] = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
  return hooks.some((hook) => typeof hook === 'function' && usOnlyHooks.has(hook));
}

/** The one rule: allowed when the check is off, the address cannot be placed, or it is in the US. */
export const isAllowedLocation = (ctx: AppContext, location: GeoLocation | null) =>
  !ctx.config.geoRestrict || !location || location.country === 'US';
