import { videoStateSchema, type VideoCall, type VideoSide } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeToStream, type StreamEnd } from '../../lib/live-stream';
import { readBearerToken } from '../../lib/storage';
import { callEventsUrl } from './api/video';
import { createCallConnection, type CallConnection, type ConnectionStatus } from './call-connection';
import type { LocalMedia } from './use-local-media';

/**
 * A party's side of the visit's call: follows the call's event stream (its state, and the other
 * party's signals), and while joined holds the peer connection. Each new connection of the stream
 * says hello again, so a dropped stream or a reopened tab rejoins the same call. The call ending, by
 * either party, closes the connection and turns the camera off.
 */
export function useVideoCall(visitId: string, side: VideoSide, media: LocalMedia) {
  const [call, setCall] = useState<VideoCall | null | undefined>(undefined);
  const [refused, setRefused] = useState<StreamEnd | null>(null);
  const [joined, setJoined] = useState(false);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const connection = useRef<CallConnection | null>(null);
  const streamOpen = useRef(false);
  const { stop } = media;

  const leave = useCallback(() => {
    connection.current?.close();
    connection.current = null;
    setJoined(false);
    stop();
  }, [stop]);

  useEffect(() => {
    const token = readBearerToken();
    if (!token) return;
    const controller = new AbortController();
    void subscribeToStream(
      callEventsUrl(visitId),
      token,
      (data, _event, id) => {
        const parsed = videoStateSchema.safeParse(data);
        if (!parsed.success) return;
        const state = parsed.data;
        setCall(state.call);
        // The first frame of a connection: signals sent before it are not sent to it, so say hello again.
        if (id === '1') {
          streamOpen.current = true;
          connection.current?.announce();
        }
        // Ended by either party: a joined page leaves (a page only checking its camera keeps it).
        if (state.call?.endedAt && connection.current) leave();
        for (const { signal } of state.signals) connection.current?.receive(signal);
      },
      { signal: controller.signal },
    ).then((end) => {
      if (end.reason === 'refused') setRefused(end);
    });
    return () => {
      controller.abort();
      connection.current?.close();
      connection.current = null;
    };
  }, [visitId, leave]);

  async function join() {
    const local = await media.open();
    if (!local) return;
    connection.current?.close();
    connection.current = createCallConnection({ visitId, side, local, onRemoteStream: setRemote, onStatus: setStatus });
    setJoined(true);
    if (streamOpen.current) connection.current.announce();
  }

  async function switchDevice(kind: 'camera' | 'microphone', deviceId: string) {
    const track = await media.switchDevice(kind, deviceId);
    if (track) await connection.current?.replaceTrack(track);
  }

  return {
    call,
    refused,
    joined,
    remote,
    status,
    join,
    leave,
    /** "Reconnect": a fresh connection, with fresh relay credentials. */
    reconnect: () => connection.current?.announce(),
    switchDevice,
  };
}
