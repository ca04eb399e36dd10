import { z } from 'zod';

/** The two parties of a visit's call: its patient and the clinician holding it. */
export const VIDEO_SIDES = ['patient', 'clinician'] as const;
export type VideoSide = (typeof VIDEO_SIDES)[number];

/**
 * One negotiation of the peer connection: a fresh one after each join, drop or reconnect. Answers and
 * candidates carry the id of the offer they belong to, so those of an older one are ignored.
 */
const negotiation = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
/** A session description: a few kilobytes for audio and video; far more is not one. */
const sdp = z.string().min(1).max(30_000);

/**
 * What one party sends the other through the server: `hello` (I am in the call, with my camera on),
 * the offer and its answer, and the ICE candidates of each. The clinician offers; the patient answers.
 */
export const videoSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hello') }),
  z.object({ kind: z.literal('offer'), negotiation, sdp }),
  z.object({ kind: z.literal('answer'), negotiation, sdp }),
  z.object({
    kind: z.literal('candidate'),
    negotiation,
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(64).nullable(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
  }),
]);
export type VideoSignal = z.infer<typeof videoSignalSchema>;

/** The visit's current call or its last one: when it started and ended, and which party ended it. */
const videoCallSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.enum(VIDEO_SIDES).nullable(),
});
export type VideoCall = z.infer<typeof videoCallSchema>;
export const videoCallAnswerSchema = z.object({ call: videoCallSchema });

/**
 * Each frame of the call's event stream: who the reader is, the call, and the signals sent to the
 * reader since the stream opened that it has not been sent yet.
 */
export const videoStateSchema = z.object({
  side: z.enum(VIDEO_SIDES),
  call: videoCallSchema.nullable(),
  signals: z.array(z.object({ id: z.string(), signal: videoSignalSchema })),
});
export type VideoState = z.infer<typeof videoStateSchema>;

/** What the browser's RTCPeerConnection is configured with: STUN and TURN servers, TURN with credentials that expire. */
export const iceConfigSchema = z.object({
  iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
  iceTransportPolicy: z.enum(['all', 'relay']),
  /** When the TURN credentials stop being accepted; null without TURN. */
  expiresAt: z.string().nullable(),
});
export type IceConfig = z.infer<typeof iceConfigSchema>;
