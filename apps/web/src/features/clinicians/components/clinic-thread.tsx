import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageThread, type ThreadReader } from '../../visits';
import { getClinicThread, postClinicMessage, postClinicPhoto } from '../api/clinic';
import { clinicianKeys } from '../api/keys';

/** The thread as the clinician reads it, with the patient's messages signed 'Patient'. */
function clinicianReader(visitId: string): ThreadReader {
  return {
    side: 'clinician',
    idPrefix: 'clinic-thread',
    otherName: 'Patient',
    writeLabel: 'Write to the patient',
    photoPath: (photoId) => `/api/clinic/visits/${visitId}/photos/${photoId}`,
  };
}

/** A message visit's thread, with a box to write or send a photo while the visit is open; the visit's event stream refreshes it. */
export function ClinicThread({ visitId, open }: { visitId: string; open: boolean }) {
  const queryClient = useQueryClient();
  const thread = useQuery({ queryKey: clinicianKeys.thread(visitId), queryFn: ({ signal }) => getClinicThread(visitId, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: clinicianKeys.thread(visitId) });
  const sendText = useMutation({ mutationFn: (text: string) => postClinicMessage(visitId, text), onSuccess: refresh });
  const sendPhoto = useMutation({ mutationFn: (photo: File) => postClinicPhoto(visitId, photo), onSuccess: refresh });
  return (
    <MessageThread
      reader={clinicianReader(visitId)}
      thread={thread.data}
      loadError={thread.error}
      open={open}
      sendText={sendText}
      sendPhoto={sendPhoto}
    />
  );
}
