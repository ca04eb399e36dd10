import { messages } from '@app/shared';

/** The camera and microphone chosen on the device check; none chosen means the browser's default. */
export interface DeviceChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

/** Opens the camera and the microphone chosen (echo cancellation on: the other party's voice must not come back). */
export function openMedia(choice: DeviceChoice): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: choice.cameraId ? { deviceId: { exact: choice.cameraId } } : { width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: { echoCancellation: true, noiseSuppression: true, ...(choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : {}) },
  });
}

/** The cameras and microphones this browser has; their names show only once permission was given. */
export async function listDevices() {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const named = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId !== '')
      .map((device, index) => ({ value: device.deviceId, label: device.label || `${fallback} ${index + 1}` }));
  return { cameras: named('videoinput', 'Camera'), microphones: named('audioinput', 'Microphone') };
}

/** What to tell a person whose camera or microphone could not be opened, by the browser's reason. */
export function mediaErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return messages.videoCameraBlocked;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return messages.videoNoDevice;
  if (name === 'NotReadableError' || name === 'AbortError') return messages.videoDeviceBusy;
  // No mediaDevices at all: a page not served over HTTPS, or a browser without WebRTC.
  if (!navigator.mediaDevices) return messages.videoNoDevice;
  return messages.genericError;
}
