// The video feature's public file: the call, for the visit pages of the patient and the clinician.
import type { VideoSide } from '@app/shared';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui';

// Its own chunk: the call's code (WebRTC, the device check) loads only on a video visit's page.
const VideoCallPanel = lazy(() => import('./components/video-call'));

/** A video visit's call for one of its parties. */
export function VideoCall(props: { visitId: string; side: VideoSide }) {
  return (
    <Suspense fallback={<Spinner label="Loading the video call…" />}>
      <VideoCallPanel {...props} />
    </Suspense>
  );
}
