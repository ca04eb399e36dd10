import type { VideoSide, VideoSignal } from '@app/shared';
import { getIceConfig, sendSignal } from './api/video';

/** How the peer connection stands, as the call's page shows it. */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface CallConnection {
  /** Says "I am here" (the patient) or offers a fresh connection (the clinician): on joining, on a new stream, on "Reconnect". */
  announce(): void;
  /** A signal the other party sent, in the order they were sent. */
  receive(signal: VideoSignal): void;
  /** The camera or microphone changed: the other party receives the new track without a new negotiation. */
  replaceTrack(track: MediaStreamTrack): Promise<void>;
  close(): void;
}

/**
 * An answered negotiation whose connection has not come by then is offered again: a path that was down
 * when it was offered (the relay, the network) may be back, and that connection would never use it.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The browser's side of the call, peer to peer (decision 072): the clinician offers, the patient
 * answers, and both trickle their ICE candidates, all through the server. Each offer starts a fresh
 * RTCPeerConnection with fresh ICE servers (the TURN credentials expire), under an id its answer and
 * candidates carry, so signals of an abandoned negotiation are ignored. A patient who (re)joins says
 * hello and the clinician offers again; a connection that fails, or that is answered but does not
 * come, is offered again by the clinician. Once the call has connected, each new connection shows as
 * reconnecting, so "Reconnect" stays at hand until it is back.
 */
export function createCallConnection(options: {
  visitId: string;
  side: VideoSide;
  local: MediaStream;
  onRemoteStream: (stream: MediaStream | null) => void;
  onStatus: (status: ConnectionStatus) => void;
}): CallConnection {
  const { visitId, side, local } = options;
  let peer: RTCPeerConnection | null = null;
  let negotiation = '';
  let waitingCandidates: RTCIceCandidateInit[] = [];
  let closed = false;
  let hasConnected = false;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  // Signals leave one after another (the server keeps their order), and arrive to be handled one after another.
  let outbox = Promise.resolve();
  let inbox = Promise.resolve();
  const send = (signal: VideoSignal) => {
    outbox = outbox
      .then(() => sendSignal(visitId, signal))
      .then(
        () => undefined,
        // A lost signal shows as a connection that does not come: "Reconnect" starts over.
        () => undefined,
      );
  };
  const inTurn = (step: () => Promise<void>) => {
    inbox = inbox.then(step).catch(() => {
      if (!closed) options.onStatus('failed');
    });
  };

  async function freshPeer(id: string): Promise<RTCPeerConnection> {
    clearTimeout(connectTimer);
    peer?.close();
    peer = null;
    const ice = await getIceConfig(visitId);
    const connection = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
    peer = connection;
    negotiation = id;
    waitingCandidates = [];
    for (const track of local.getTracks()) connection.addTrack(track, local);
    connection.onicecandidate = ({ candidate }) => {
      if (candidate && peer === connection)
        send({
          kind: 'candidate',
          negotiation: id,
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        });
    };
    connection.ontrack = ({ streams, track }) => {
      if (peer === connection) options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    };
    connection.onconnectionstatechange = () => {
      if (peer !== connection) return;
      const state = connection.connectionState;
      if (state === 'connected') {
        hasConnected = true;
        clearTimeout(connectTimer);
        options.onStatus('connected');
      }
      // Disconnected often recovers by itself (ICE keeps trying); failed does not.
      if (state === 'disconnected') options.onStatus('reconnecting');
      if (state === 'failed') {
        options.onStatus('failed');
        if (side === 'clinician') inTurn(offer);
      }
    };
    options.onStatus(hasConnected ? 'reconnecting' : 'connecting');
    return connection;
  }

  async function addWaitingCandidates(connection: RTCPeerConnection) {
    for (const candidate of waitingCandidates) await connection.addIceCandidate(candidate);
    waitingCandidates = [];
  }

  async function offer() {
    if (closed) return;
    const id = crypto.randomUUID();
    const connection = await freshPeer(id);
    const description = await connection.createOffer();
    await connection.setLocalDescription(description);
    send({ kind: 'offer', negotiation: id, sdp: description.sdp ?? '' });
  }

  async function answer(signal: Extract<VideoSignal, { kind: 'offer' }>) {
    const connection = await freshPeer(signal.negotiation);
    await connection.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
    await addWaitingCandidates(connection);
    const description = await connection.createAnswer();
    await connection.setLocalDescription(description);
    send({ kind: 'answer', negotiation: signal.negotiation, sdp: description.sdp ?? '' });
  }

  return {
    announce() {
      if (side === 'clinician') inTurn(offer);
      else send({ kind: 'hello' });
    },
    receive(signal) {
      inTurn(async () => {
        if (closed) return;
        if (signal.kind === 'hello' && side === 'clinician') await offer();
        if (signal.kind === 'offer' && side === 'patient') await answer(signal);
        if (
          signal.kind === 'answer' &&
          side === 'clinician' &&
          signal.negotiation === negotiation &&
          peer?.signalingState === 'have-local-offer'
        ) {
          const connection = peer;
          await connection.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
          await addWaitingCandidates(connection);
          connectTimer = setTimeout(() => {
            if (peer === connection && connection.connectionState !== 'connected') inTurn(offer);
          }, CONNECT_TIMEOUT_MS);
        }
        if (signal.kind === 'candidate' && signal.negotiation === negotiation && peer) {
          const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
          if (peer.remoteDescription) await peer.addIceCandidate(candidate);
          else waitingCandidates.push(candidate);
        }
      });
    },
    async replaceTrack(track) {
      const sender = peer?.getSenders().find((s) => s.track?.kind === track.kind);
      await sender?.replaceTrack(track);
    },
    close() {
      closed = true;
      clearTimeout(connectTimer);
      peer?.close();
      peer = null;
      options.onRemoteStream(null);
    },
  };
}
