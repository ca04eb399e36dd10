import { createHmac } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { startTurnServer, turnServerInstalled, TURNSERVER } from '../fixtures/coturn';
import { expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';
import { callStats, claimedVideoVisit, expectFramesGrowing, expectMediaFlowing, FAKE_MEDIA_LAUNCH } from '../fixtures/video';

/**
 * The video call forced through a TURN relay (ICE_TRANSPORT_POLICY=relay), against a real coturn
 * started on loopback with use-auth-secret: the credentials the server issues per call are accepted,
 * and expired ones are not. The relay being the only path, stopping coturn mid-call is a real network
 * drop: both sides say so and offer "Reconnect", and the call comes back once coturn runs again.
 */
const TURN_SECRET = 'the-secret-coturn-and-the-server-share';
// A port of this worker's own: each worker's server names its coturn.
const TURN_PORT = 30_000 + Math.floor(Math.random() * 20_000);

test.use({
  siteEnv: {
    ...STAFF_SITE_ENV,
    ICE_SERVERS: `turn:127.0.0.1:${TURN_PORT}?transport=udp`,
    TURN_SECRET,
    ICE_TRANSPORT_POLICY: 'relay',
  },
  viewport: { width: 1280, height: 900 },
  launchOptions: FAKE_MEDIA_LAUNCH,
});

let turn: { stop(): Promise<void> } | undefined;
test.beforeAll(async () => {
  test.skip(!turnServerInstalled(), `coturn is not installed at ${TURNSERVER} (sudo apt-get install -y coturn): the relay test cannot run`);
  turn = await startTurnServer(TURN_PORT, TURN_SECRET);
});
test.afterAll(async () => {
  await turn?.stop();
});

/** How many relay candidates a peer connection gathers in the page with these ICE servers, relay only. */
function relayCandidates(page: Page, iceServers: RTCIceServer[]) {
  return page.evaluate(async (servers) => {
    const peer = new RTCPeerConnection({ iceServers: servers, iceTransportPolicy: 'relay' });
    peer.createDataChannel('probe');
    let relays = 0;
    const complete = new Promise<void>((resolve) => {
      peer.onicecandidate = ({ candidate }) => {
        if (!candidate) resolve();
        else if (candidate.type === 'relay') relays += 1;
      };
    });
    await peer.setLocalDescription(await peer.createOffer());
    await complete;
    peer.close();
    return relays;
  }, iceServers);
}

/** A claimed video visit whose call the clinician started and the member joined, media flowing both ways. */
async function connectedCall(parties: Parameters<typeof claimedVideoVisit>[0]) {
  const visit = await claimedVideoVisit(parties);
  await visit.desk.getByRole('button', { name: 'Start video' }).click();
  await visit.room.getByRole('button', { name: 'Join video visit' }).click();
  await expectMediaFlowing(parties.page);
  await expectMediaFlowing(visit.clinic);
  return visit;
}

test('a video call forced through coturn connects with the credentials the server issues, and expired ones are refused', async ({
  page,
  request,
  site,
  browser,
  adminSession,
}) => {
  test.setTimeout(420_000);
  const { visitId, clinic, clinicContext, room } = await connectedCall({ page, request, site, browser, adminSession });
  // Both ends of the call send through the relay: no direct path was allowed.
  // The nominated pair's statistics can lag the first frames by a moment.
  for (const side of [page, clinic]) await expect.poll(async () => (await callStats(side))?.localCandidateType).toBe('relay');

  // The credentials the server issues for this call are accepted by coturn…
  const issued = await page.evaluate(async (id) => {
    const token = sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken');
    const response = await fetch(`/api/visits/${id}/video/ice-servers`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { iceServers: RTCIceServer[] };
  }, visitId);
  expect(await relayCandidates(page, issued.iceServers)).toBeGreaterThan(0);
  // …and the same scheme with an expiry a minute ago is not.
  const username = `${Math.floor(Date.now() / 1000) - 60}:${visitId}`;
  const expired = [
    {
      urls: `turn:127.0.0.1:${TURN_PORT}?transport=udp`,
      username,
      credential: createHmac('sha1', TURN_SECRET).update(username).digest('base64'),
    },
  ];
  expect(await relayCandidates(page, expired)).toBe(0);
  await room.getByRole('button', { name: 'End call' }).click();
  await clinicContext.close();
});

/** Both sides of the call say it dropped, and offer "Reconnect". */
async function expectDropShown(cards: Locator[]) {
  for (const card of cards) {
    await expect(card.getByRole('status')).toHaveText(/Reconnecting…|The connection failed\./, { timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  }
}

test('a call through coturn that drops when coturn stops says so on both sides, and comes back when coturn runs again: by itself, and at once with "Reconnect"', async ({
  page,
  request,
  site,
  browser,
  adminSession,
}) => {
  test.setTimeout(420_000);
  const { clinic, clinicContext, room, desk } = await connectedCall({ page, request, site, browser, adminSession });

  // The relay goes away mid-call: nothing reaches either side any more.
  await turn!.stop();
  await expectDropShown([room, desk]);
  // The connection fails, and the clinician's page connects afresh while the relay is still away: that
  // connection cannot come, and both sides keep offering "Reconnect".
  const peers = (await callStats(clinic))!.peers;
  await expect.poll(async () => (await callStats(clinic))?.peers, { timeout: 60_000 }).toBeGreaterThan(peers);
  await expectDropShown([room, desk]);

  // The relay is back on the same port: the clinician's page offers again by itself, and both sides see each other.
  turn = await startTurnServer(TURN_PORT, TURN_SECRET);
  await expectFramesGrowing(page);
  await expectFramesGrowing(clinic);
  for (const card of [room, desk]) await expect(card.getByRole('status')).toHaveText('Connected');

  // Dropped again, "Reconnect" connects afresh through the relay as soon as it is back.
  await turn.stop();
  await expectDropShown([room, desk]);
  turn = await startTurnServer(TURN_PORT, TURN_SECRET);
  await room.getByRole('button', { name: 'Reconnect' }).click();
  await expectFramesGrowing(page);
  await expectFramesGrowing(clinic);
  for (const card of [room, desk]) await expect(card.getByRole('status')).toHaveText('Connected');
  for (const side of [page, clinic]) await expect.poll(async () => (await callStats(side))?.localCandidateType).toBe('relay');
  await room.getByRole('button', { name: 'End call' }).click();
  await clinicContext.close();
});
