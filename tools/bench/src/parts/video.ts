// video: video visits on Postgres, on the built server.
// Calls: BENCH_VIDEO_CALLS (20) calls, one after another, between two headless Chromium contexts (CHROMIUM_PATH,
// default /usr/bin/chromium, driven by the e2e workspace's Playwright) with fake cameras and microphones, peer to
// peer on loopback, in one video visit claimed by the clinician (inserted by SQL). For each, the clinician starts
// the call through the API; the member's visit page and the clinician's open, both press "Join video visit" at
// once, and each page times from its own click to its peer connection's first decoded video frame (getStats
// framesDecoded > 0, read every 10 ms in the page). Aim: p95 <= 3 s until both sides have one.
// Signalling: a second instance of the server on the same database; the member's call stream on one, the
// clinician's on the other, BENCH_VIDEO_SIGNALS (200) ICE candidates sent each way (both ways at once, each
// through the sender's own instance), each timed from its sending to the frame that brings it. Aim: p95 <= 200 ms.
import { performance } from 'node:perf_hooks';
import type * as PlaywrightCore from 'playwright-core';
import { FAKE_MEDIA_LAUNCH } from '../../../../e2e/fixtures/chromium';
import { follow } from './live';
import { e2ePackage, percentile, round, send, withServerOnPostgres, type ServerOnPostgres } from '../shared';

export const VIDEO_CALLS = Number(process.env.BENCH_VIDEO_CALLS ?? 20);
export const VIDEO_SIGNALS = Number(process.env.BENCH_VIDEO_SIGNALS ?? 200);
const FIRST_FRAME_AIM_MS = 3_000;
const SIGNAL_AIM_MS = 200;
/** A call whose pages have not both decoded a frame by then fails the part. */
const CALL_TIMEOUT_MS = 20_000;
/** A signal not received by then is counted as missed. */
const SIGNAL_TIMEOUT_MS = 10_000;

interface Latency {
  p50: number;
  p95: number;
  max: number;
}

export interface VideoResult {
  calls: number;
  /** From each page's click on "Join video visit" to its first decoded video frame. */
  firstFrameMs: { patient: Latency; clinician: Latency; bothSides: Latency; aimMs: number; meetsAim: boolean };
  signals: number;
  /** From sending a signal to one instance to the frame of the other party's stream on the other instance. */
  signalMs: { patientToClinician: Latency; clinicianToPatient: Latency; all: Latency; missed: number; aimMs: number; meetsAim: boolean };
}

const latency = (values: number[]): Latency => ({
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
});

type User = { id: string; email: string; roles: string[] };
type Party = { user: User; token: string };

/** What of a page's window the code the bench runs in its pages uses (the bench is type-checked without the DOM's types). */
interface PageWindow {
  sessionStorage: { setItem(key: string, value: string): void };
  document: { addEventListener(type: 'click', listener: (event: { target: PageElement | null }) => void, capture: boolean): void };
  RTCPeerConnection: new (configuration?: object) => PagePeer;
  /** The bench's reading: ms from the click on "Join video visit" to the first decoded video frame. */
  benchFirstFrameMs?: number;
}
interface PageElement {
  closest?(selector: string): { textContent: string | null } | null;
}
interface PagePeer {
  getStats(): Promise<{ forEach(each: (stat: Record<string, unknown>) => void): void }>;
}

/**
 * What the pages run before the app: the session (as a sign-in without "Remember me" keeps it), and a clock
 * started by the click on "Join video visit" that stops at the first decoded video frame of any peer connection.
 */
function instrumentPage({ token, user }: { token: string; user: Record<string, unknown> }) {
  const page = globalThis as unknown as PageWindow;
  page.sessionStorage.setItem('authToken', token);
  page.sessionStorage.setItem('authUser', JSON.stringify(user));
  const peers: PagePeer[] = [];
  const Native = page.RTCPeerConnection;
  page.RTCPeerConnection = class extends Native {
    constructor(configuration?: object) {
      super(configuration);
      peers.push(this);
    }
  };
  const framesDecoded = async () => {
    let frames = 0;
    for (const peer of peers)
      (await peer.getStats()).forEach((stat) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'video') frames += Number(stat.framesDecoded ?? 0);
      });
    return frames;
  };
  page.document.addEventListener(
    'click',
    (event) => {
      if (event.target?.closest?.('button')?.textContent?.trim() !== 'Join video visit') return;
      const clickedAt = performance.now();
      const check = async () => {
        if ((await framesDecoded()) > 0) page.benchFirstFrameMs = performance.now() - clickedAt;
        else setTimeout(() => void check(), 10);
      };
      void check();
    },
    true,
  );
}

/** A member and a clinician licensed in Missouri, on duty, each with a session. */
async function parties({ db, sessionOf }: ServerOnPostgres): Promise<{ patient: Party; clinician: Party }> {
  const {
    rows: [patient],
  } = await db.query<User>(
    `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified)
       VALUES ('member@bench.example', 'unusable', 'Pat', 'Bench', 'BENCH-P1', true) RETURNING id, email, roles`,
  );
  const {
    rows: [clinician],
  } = await db.query<User>(
    `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, roles)
       VALUES ('doctor@bench.example', 'unusable', 'Doc', 'Bench', 'BENCH-C1', true, ARRAY['ROLE_CLINICIAN']) RETURNING id, email, roles`,
  );
  await db.query(`INSERT INTO clinicians (user_id, credentials, npi, states, on_duty) VALUES ($1, 'MD', '1234567893', ARRAY['MO'], true)`, [
    clinician!.id,
  ]);
  return {
    patient: { user: patient!, token: await sessionOf(patient!) },
    clinician: { user: clinician!, token: await sessionOf(clinician!) },
  };
}

/** A video visit of the member (who has one open at a time), claimed by the clinician; answers its id. */
async function claimedVideoVisit({ db, seal }: ServerOnPostgres, patient: Party, clinician: Party): Promise<string> {
  const {
    rows: [visit],
  } = await db.query<{ id: string }>(
    `INSERT INTO visits (patient_id, requested_by, service, mode, state, symptoms, since, callback_phone, coverage, consent_version,
       consent_at, requested_at, status, clinician_id, claimed_at)
     VALUES ($1, $1, 'urgent-care', 'video', 'MO', $2, 'today', $3, 'membership', 'bench', now(), now(), 'claimed', $4, now())
     RETURNING id`,
    [patient.user.id, seal('Rash on both forearms since the weekend'), seal('3145550100'), clinician.user.id],
  );
  return visit!.id;
}

async function callAction(baseUrl: string, token: string, visitId: string, action: 'start' | 'end') {
  const status = await send(`${baseUrl}/api/visits/${visitId}/video/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (status !== 200) throw new Error(`POST /api/visits/{id}/video/${action} answered ${status}`);
}

async function benchFirstFrames(server: ServerOnPostgres, visitId: string, patient: Party, clinician: Party) {
  const { default: playwright } = await e2ePackage<{ default: typeof PlaywrightCore }>('playwright-core');
  // The browser tests' own launch: the same Chromium with the same fake devices.
  const browser = await playwright.chromium.launch({ ...FAKE_MEDIA_LAUNCH, headless: true });
  try {
    const contextOf = async ({ user, token }: Party) => {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['camera', 'microphone'], { origin: server.baseUrl });
      // tsx keeps functions' names by wrapping them in calls to its helper `__name`, which the page lacks.
      await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
      await context.addInitScript(instrumentPage, {
        token,
        user: { id: user.id, email: user.email, firstName: 'Bench', lastName: 'Bench', verified: true, roles: user.roles },
      });
      return context;
    };
    const sides = [
      { context: await contextOf(patient), path: (id: string) => `/visits/${id}`, times: [] as number[] },
      { context: await contextOf(clinician), path: (id: string) => `/clinic/visits/${id}`, times: [] as number[] },
    ] as const;
    const bothSides: number[] = [];
    for (let call = 0; call < VIDEO_CALLS; call++) {
      // The clinician starts each call through the API; both pages then offer "Join video visit".
      await callAction(server.baseUrl, clinician.token, visitId, 'start');
      const pages = await Promise.all(
        sides.map(async (side) => {
          const page = await side.context.newPage();
          await page.goto(side.path(visitId));
          const join = page.getByRole('region', { name: 'Video visit' }).getByRole('button', { name: 'Join video visit' });
          await join.waitFor({ timeout: CALL_TIMEOUT_MS });
          return { page, join };
        }),
      );
      try {
        await Promise.all(pages.map(({ join }) => join.click()));
        const times = await Promise.all(
          pages.map(async ({ page }) => {
            const read = () => (globalThis as unknown as PageWindow).benchFirstFrameMs;
            await page.waitForFunction(read, null, { timeout: CALL_TIMEOUT_MS, polling: 50 });
            return (await page.evaluate(read))!;
          }),
        );
        times.forEach((ms, i) => sides[i]!.times.push(ms));
        bothSides.push(Math.max(...times));
      } finally {
        await callAction(server.baseUrl, clinician.token, visitId, 'end');
        for (const { page } of pages) await page.close();
      }
    }
    return { patient: latency(sides[0].times), clinician: latency(sides[1].times), bothSides: latency(bothSides) };
  } finally {
    await browser.close();
  }
}

/** A candidate signal numbered `n`, as a browser trickles them. */
const candidate = (n: number) => ({
  kind: 'candidate',
  negotiation: 'bench-negotiation',
  candidate: `candidate:${n} 1 udp 2122260223 127.0.0.1 ${40_000 + n} typ host generation 0`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});
const numberOf = (signal: { kind: string; candidate?: string }) =>
  signal.kind === 'candidate' ? Number(/^candidate:(\d+) /.exec(signal.candidate ?? '')?.[1]) : NaN;

async function benchSignals(server: ServerOnPostgres, visitId: string, patient: Party, clinician: Party) {
  await callAction(server.baseUrl, clinician.token, visitId, 'start');
  return server.withSecondInstance(async (secondUrl) => {
    // The member on the first instance, the clinician on the second.
    const ways = [
      { from: patient, fromUrl: server.baseUrl, to: clinician, toUrl: secondUrl, times: [] as number[], missed: 0 },
      { from: clinician, fromUrl: secondUrl, to: patient, toUrl: server.baseUrl, times: [] as number[], missed: 0 },
    ];
    const stops: (() => void)[] = [];
    try {
      const arrivals = await Promise.all(
        ways.map(async (way) => {
          // arrived[n]: when candidate n reached the receiving stream; opened: its first frame came.
          const arrived: number[] = [];
          let opened!: () => void;
          const open = new Promise<void>((resolve) => (opened = resolve));
          stops.push(
            await follow<{ signals: { signal: { kind: string; candidate?: string } }[] }>(
              `${way.toUrl}/api/visits/${visitId}/video/events`,
              ({ signals }) => {
                const now = performance.now();
                opened();
                for (const { signal } of signals) arrived[numberOf(signal)] ??= now;
              },
              { authorization: `Bearer ${way.to.token}` },
            ),
          );
          await open;
          return arrived;
        }),
      );
      await Promise.all(
        ways.map(async (way, i) => {
          const arrived = arrivals[i]!;
          for (let n = 0; n < VIDEO_SIGNALS; n++) {
            const sentAt = performance.now();
            const status = await send(`${way.fromUrl}/api/visits/${visitId}/video/signals`, {
              method: 'POST',
              headers: { authorization: `Bearer ${way.from.token}`, 'content-type': 'application/json' },
              body: JSON.stringify(candidate(n)),
            });
            if (status !== 204) throw new Error(`POST /api/visits/{id}/video/signals answered ${status}`);
            for (const deadline = sentAt + SIGNAL_TIMEOUT_MS; arrived[n] === undefined && performance.now() < deadline;)
              await new Promise((resolve) => setTimeout(resolve, 1));
            const at = arrived[n];
            if (at === undefined) way.missed += 1;
            else way.times.push(at - sentAt);
          }
        }),
      );
    } finally {
      for (const stop of stops) stop();
    }
    return {
      patientToClinician: latency(ways[0]!.times),
      clinicianToPatient: latency(ways[1]!.times),
      all: latency([...ways[0]!.times, ...ways[1]!.times]),
      missed: ways[0]!.missed + ways[1]!.missed,
    };
  });
}

export const benchVideo = () =>
  withServerOnPostgres('bench_video', async (server): Promise<VideoResult> => {
    const { patient, clinician } = await parties(server);
    const visitId = await claimedVideoVisit(server, patient, clinician);
    console.log(`  ${VIDEO_CALLS} calls between two Chromium contexts ...`);
    const firstFrameMs = await benchFirstFrames(server, visitId, patient, clinician);
    console.log(`  ${VIDEO_SIGNALS} signals each way between two instances ...`);
    const signalMs = await benchSignals(server, visitId, patient, clinician);
    return {
      calls: VIDEO_CALLS,
      firstFrameMs: {
        ...firstFrameMs,
        aimMs: FIRST_FRAME_AIM_MS,
        meetsAim: firstFrameMs.bothSides.p95 <= FIRST_FRAME_AIM_MS,
      },
      signals: VIDEO_SIGNALS,
      signalMs: { ...signalMs, aimMs: SIGNAL_AIM_MS, meetsAim: signalMs.all.p95 <= SIGNAL_AIM_MS && signalMs.missed === 0 },
    };
  });

export function printVideo(v: VideoResult): void {
  console.log(
    `\nvideo visits on Postgres: ${v.calls} calls between two Chromium contexts on loopback, ${v.signals} signals each way between two instances`,
  );
  console.table({
    '"Join video visit" to first decoded frame, member': v.firstFrameMs.patient,
    '"Join video visit" to first decoded frame, clinician': v.firstFrameMs.clinician,
    '"Join video visit" to first decoded frame, both sides': { ...v.firstFrameMs.bothSides, aim: v.firstFrameMs.aimMs },
    'signal, member (instance A) to clinician (B)': v.signalMs.patientToClinician,
    'signal, clinician (B) to member (A)': v.signalMs.clinicianToPatient,
    'signal, both ways': { ...v.signalMs.all, aim: v.signalMs.aimMs },
  });
  console.log(`  ${v.signals * 2 - v.signalMs.missed} of ${v.signals * 2} signals received (${v.signalMs.missed} missed)`);
}
