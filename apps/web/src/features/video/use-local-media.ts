import { useCallback, useEffect, useRef, useState } from 'react';
import { listDevices, mediaErrorMessage, openMedia, type DeviceChoice } from './media';

type Devices = Awaited<ReturnType<typeof listDevices>>;

/**
 * The person's own camera and microphone, for the device check and then the call: opened on demand,
 * switched, muted or turned off, and stopped when the page no longer needs them (the camera's light
 * goes out).
 */
export function useLocalMedia() {
  const streamRef = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null });
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  // The stream object stays the same when a device is switched; this makes the page draw again.
  const [, setVersion] = useState(0);

  const open = useCallback(async (): Promise<MediaStream | null> => {
    if (streamRef.current) return streamRef.current;
    try {
      const opened = await openMedia(choice);
      streamRef.current = opened;
      setStream(opened);
      setError(null);
      setDevices(await listDevices());
      setChoice({
        cameraId: opened.getVideoTracks()[0]?.getSettings().deviceId ?? null,
        microphoneId: opened.getAudioTracks()[0]?.getSettings().deviceId ?? null,
      });
      return opened;
    } catch (failure) {
      setError(mediaErrorMessage(failure));
      return null;
    }
  }, [choice]);

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);
  useEffect(() => stop, [stop]);

  /** Opens the device chosen in place of the current one; answers the new track, for the call to send instead. */
  async function switchDevice(kind: 'camera' | 'microphone', deviceId: string): Promise<MediaStreamTrack | null> {
    const current = streamRef.current;
    if (!current) return null;
    try {
      const next = await navigator.mediaDevices.getUserMedia(
        kind === 'camera'
          ? { video: { deviceId: { exact: deviceId } } }
          : { audio: { deviceId: { exact: deviceId }, echoCancellation: true } },
      );
      const track = kind === 'camera' ? next.getVideoTracks()[0] : next.getAudioTracks()[0];
      if (!track) return null;
      for (const old of current.getTracks().filter((t) => t.kind === track.kind)) {
        current.removeTrack(old);
        old.stop();
      }
      track.enabled = kind === 'camera' ? !cameraOff : !muted;
      current.addTrack(track);
      setChoice((was) => (kind === 'camera' ? { ...was, cameraId: deviceId } : { ...was, microphoneId: deviceId }));
      setVersion((v) => v + 1);
      setError(null);
      return track;
    } catch (failure) {
      setError(mediaErrorMessage(failure));
      return null;
    }
  }

  function toggleMuted() {
    for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = muted;
    setMuted(!muted);
  }

  function toggleCamera() {
    for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = cameraOff;
    setCameraOff(!cameraOff);
  }

  return { stream, error, devices, choice, muted, cameraOff, open, stop, switchDevice, toggleMuted, toggleCamera };
}
export type LocalMedia = ReturnType<typeof useLocalMedia>;
