import { messages, type VideoSide } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, ChunkStyles } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { endCall, startCall, switchToPhone } from '../api/video';
import type { ConnectionStatus } from '../call-connection';
import { useLocalMedia } from '../use-local-media';
import { useVideoCall } from '../use-video-call';
import { DeviceCheck, DeviceSelects } from './device-check';
import { MediaView } from './media-view';
import videoCss from '../video.css?inline';

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  failed: 'The connection failed.',
};

/**
 * A video visit's call for one of its two parties: the device check, then "Start video" (the
 * clinician) or "Join video visit" (the patient, and either party coming back to an open call), then
 * the call with its controls. Loaded only on the visit pages (decision 072).
 */
export default function VideoCallPanel({ visitId, side }: { visitId: string; side: VideoSide }) {
  const media = useLocalMedia();
  const call = useVideoCall(visitId, side, media);
  const start = useMutation({ mutationFn: () => startCall(visitId), onSuccess: () => void call.join() });
  const end = useMutation({ mutationFn: () => endCall(visitId), onSuccess: call.leave });
  const toPhone = useMutation({ mutationFn: () => switchToPhone(visitId) });
  const open = call.call ? call.call.endedAt === null : false;
  const other = side === 'patient' ? 'your doctor' : 'your patient';
  const failure = [start, end, toPhone].find((mutation) => mutation.isError)?.error;

  const switchButton = side === 'clinician' && (
    <Button variant="ghost" onClick={() => toPhone.mutate()} busy={toPhone.isPending} disabled={toPhone.isPending}>
      Switch to phone
    </Button>
  );

  return (
    <Card className="video" title="Video visit" headingId={`video-${side}-title`}>
      <ChunkStyles name="video" css={videoCss} />
      {call.refused && <Alert tone="error">{messages.videoNotAParty}</Alert>}
      {failure && <Alert tone="error">{failureMessage(failure, messages.genericError)}</Alert>}
      {!call.joined && (
        <div className="stack">
          {call.call?.endedAt && <p className="video__note">{messages.videoCallEnded}</p>}
          {open && side === 'patient' && <p className="video__note">Your doctor has started the video call.</p>}
          {!open && side === 'patient' && (
            <p className="video__note">Your doctor will start the video call here. Test your camera and microphone while you wait.</p>
          )}
          <div className="video__actions">
            {open && <Button onClick={() => void call.join()}>Join video visit</Button>}
            {!open && side === 'clinician' && (
              <Button onClick={() => start.mutate()} busy={start.isPending} disabled={start.isPending || call.call === undefined}>
                Start video
              </Button>
            )}
            {switchButton}
          </div>
          <DeviceCheck media={media} idPrefix={`video-${side}`} />
        </div>
      )}
      {call.joined && (
        <div className="stack">
          <div className="video__stage">
            <MediaView
              stream={call.remote}
              muted={false}
              label={side === 'patient' ? 'Your doctor' : 'Your patient'}
              className="video__remote"
            />
            {!call.remote && <p className="video__waiting">Waiting for {other} to join…</p>}
            <MediaView stream={media.stream} muted label="You" className="video__self" />
          </div>
          <p className="video__status" role="status">
            {STATUS_TEXT[call.status]}
          </p>
          {(call.status === 'reconnecting' || call.status === 'failed') && (
            <Alert tone="warning">
              <p>{messages.videoConnectionLost}</p>
              <Button variant="secondary" onClick={call.reconnect}>
                Reconnect
              </Button>
            </Alert>
          )}
          <div className="video__controls" role="group" aria-label="Call controls">
            <Button variant="secondary" onClick={media.toggleMuted}>
              {media.muted ? 'Unmute' : 'Mute'}
            </Button>
            <Button variant="secondary" onClick={media.toggleCamera}>
              {media.cameraOff ? 'Turn camera on' : 'Turn camera off'}
            </Button>
            <Button className="video__end" onClick={() => end.mutate()} busy={end.isPending} disabled={end.isPending}>
              End call
            </Button>
            {switchButton}
          </div>
          <details className="video__switch">
            <summary>Switch device</summary>
            <DeviceSelects media={media} idPrefix={`video-${side}-call`} onSwitch={(kind, id) => void call.switchDevice(kind, id)} />
          </details>
        </div>
      )}
    </Card>
  );
}
