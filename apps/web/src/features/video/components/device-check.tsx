import { Alert, Button, SelectField } from '../../../components/ui';
import { useAudioLevel } from '../use-audio-level';
import type { LocalMedia } from '../use-local-media';
import { MediaView } from './media-view';

/** The camera and microphone pickers, once the browser has named its devices. */
export function DeviceSelects({
  media,
  idPrefix,
  onSwitch,
}: {
  media: LocalMedia;
  idPrefix: string;
  onSwitch: (kind: 'camera' | 'microphone', deviceId: string) => void;
}) {
  const { cameras, microphones } = media.devices;
  return (
    <div className="video__devices">
      {cameras.length > 0 && (
        <SelectField
          id={`${idPrefix}-camera`}
          label="Camera"
          options={cameras}
          value={media.choice.cameraId ?? ''}
          onChange={(event) => onSwitch('camera', event.target.value)}
        />
      )}
      {microphones.length > 0 && (
        <SelectField
          id={`${idPrefix}-microphone`}
          label="Microphone"
          options={microphones}
          value={media.choice.microphoneId ?? ''}
          onChange={(event) => onSwitch('microphone', event.target.value)}
        />
      )}
    </div>
  );
}

/** "Test your camera and microphone": the camera's preview, the microphone's level, the devices, and why it failed. */
export function DeviceCheck({ media, idPrefix }: { media: LocalMedia; idPrefix: string }) {
  const level = useAudioLevel(media.stream);
  return (
    <section className="video__check" aria-labelledby={`${idPrefix}-check-title`}>
      <h3 id={`${idPrefix}-check-title`}>Test your camera and microphone</h3>
      {!media.stream && (
        <>
          <p className="muted">See yourself and check that we hear you before the call. Nothing is recorded.</p>
          <Button variant="secondary" onClick={() => void media.open()}>
            Test your camera and microphone
          </Button>
        </>
      )}
      {media.error && <Alert tone="error">{media.error}</Alert>}
      {media.stream && (
        <div className="video__check-body">
          <MediaView stream={media.stream} muted label="Your camera" className="video__preview" />
          <div className="stack">
            <div className="video__meter">
              <label htmlFor={`${idPrefix}-level`}>Microphone level</label>
              <meter id={`${idPrefix}-level`} min={0} max={1} low={0.05} value={level}>
                {Math.round(level * 100)}%
              </meter>
              <p className="muted">Say a few words: the bar should move.</p>
            </div>
            <DeviceSelects media={media} idPrefix={idPrefix} onSwitch={(kind, id) => void media.switchDevice(kind, id)} />
          </div>
        </div>
      )}
    </section>
  );
}
