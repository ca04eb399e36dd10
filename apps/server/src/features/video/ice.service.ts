import { createHmac } from 'node:crypto';
import type { IceConfig } from '@app/shared';
import { openCallOf, partyOf, type Caller, type VideoDeps } from './party.service';

/**
 * The TURN REST credentials coturn checks with `use-auth-secret`: the user name is the expiry (Unix
 * seconds) and who asks, the password the base64 HMAC-SHA1 of that name under the shared secret. No
 * long-lived TURN password reaches a browser, and a leaked one stops working at its expiry.
 */
function turnCredentials(secret: string, user: string, now: Date, ttlSeconds: number) {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiresAt}:${user}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64'), expiresAt: new Date(expiresAt * 1000) };
}

/** The ICE servers a party of an open call connects through, with TURN credentials of their own. */
export async function iceConfigFor(deps: VideoDeps, caller: Caller, visitId: string, now = new Date()): Promise<IceConfig> {
  const party = await partyOf(deps.db, caller, visitId);
  await openCallOf(deps.db, party);
  const { iceServers, turnSecret, turnCredentialTtlSeconds, iceTransportPolicy } = deps.config.video;
  const stun = iceServers.filter((url) => url.startsWith('stun:'));
  const turn = iceServers.filter((url) => !url.startsWith('stun:'));
  const relay = turn.length > 0 && turnSecret ? turnCredentials(turnSecret, party.userId, now, turnCredentialTtlSeconds) : null;
  return {
    iceServers: [
      ...(stun.length > 0 ? [{ urls: stun }] : []),
      ...(relay ? [{ urls: turn, username: relay.username, credential: relay.credential }] : []),
    ],
    iceTransportPolicy,
    expiresAt: relay?.expiresAt.toISOString() ?? null,
  };
}
