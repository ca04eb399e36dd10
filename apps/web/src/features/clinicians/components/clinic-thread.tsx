import { messages, MESSAGE_MAX } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { getClinicThread, postClinicMessage } from '../api/clinic';
import { clinicianKeys } from '../api/keys';
import { VisitPhoto } from '../../visits';

/** A message visit's thread, with a box to write while the visit is open; the visit's event stream refreshes it. */
export function ClinicThread({ visitId, open }: { visitId: string; open: boolean }) {
  const queryClient = useQueryClient();
  const thread = useQuery({ queryKey: clinicianKeys.thread(visitId), queryFn: ({ signal }) => getClinicThread(visitId, signal) });
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (value: string) => postClinicMessage(visitId, value),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.thread(visitId) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) send.mutate(text);
  }

  return (
    <section className="stack" aria-labelledby="clinic-thread-title">
      <h2 id="clinic-thread-title" className="card__title">
        Messages
      </h2>
      {thread.data?.length === 0 && <p className="muted">No messages yet.</p>}
      {thread.isError && <Alert tone="error">{failureMessage(thread.error, messages.genericError)}</Alert>}
      {thread.data && thread.data.length > 0 && (
        <ol className="workspace__thread" aria-live="polite">
          {thread.data.map((message) => (
            <li key={message.id} className={`workspace__message${message.from === 'clinician' ? ' workspace__message--mine' : ''}`}>
              <small>
                {message.from === 'clinician' ? 'You' : 'Patient'} · {formatCentral(new Date(message.sentAt))}
              </small>
              {message.text && <p>{message.text}</p>}
              {message.photo && (
                <VisitPhoto path={`/api/clinic/visits/${visitId}/photos/${message.photo.id}`} alt={messages.visitPhotoAlt(message.from)} />
              )}
            </li>
          ))}
        </ol>
      )}
      {open && (
        <form className="stack" onSubmit={submit}>
          <TextAreaField
            id="clinic-thread-text"
            label="Write to the patient"
            rows={3}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {send.isError && <Alert tone="error">{failureMessage(send.error, messages.genericError)}</Alert>}
          <div>
            <Button type="submit" disabled={send.isPending || !text.trim()} busy={send.isPending}>
              Send
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
