import { usePostMessage, usePostPhoto, useThread } from '../api/visits';
import { MessageThread, type ThreadReader } from './message-thread';

/** The thread as the patient reads it, with the doctor's messages signed 'Your doctor'. */
function patientReader(visitId: string): ThreadReader {
  return {
    side: 'patient',
    idPrefix: 'thread',
    otherName: 'Your doctor',
    writeLabel: 'Write to your doctor',
    photoPath: (photoId) => `/api/visits/${visitId}/photos/${photoId}`,
  };
}

/** The visit's messages and photos, with a box to write or send a photo while the doctor holds the visit. */
export function VisitThread({ visitId, open }: { visitId: string; open: boolean }) {
  const thread = useThread(visitId, true);
  const sendText = usePostMessage(visitId);
  const sendPhoto = usePostPhoto(visitId);
  return (
    <MessageThread
      reader={patientReader(visitId)}
      thread={thread.data}
      loadError={thread.error}
      open={open}
      sendText={sendText}
      sendPhoto={sendPhoto}
    />
  );
}
