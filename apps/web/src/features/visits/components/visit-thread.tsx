import { messages, MESSAGE_MAX } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { usePostMessage, usePostPhoto, useThread } from '../api/visits';
import { PhotoPicker } from './photo-picker';
import { VisitPhoto } from './visit-photo';

/** The visit's messages and photos, with a box to write or send a photo while the doctor holds the visit. */
export function VisitThread({ visitId, open }: { visitId: string; open: boolean }) {
  const thread = useThread(visitId, true);
  const post = usePostMessage(visitId);
  const postPhoto = usePostPhoto(visitId);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // A new picker once a photo is sent: its file input starts empty again.
  const [photosSent, setPhotosSent] = useState(0);
  const sending = post.isPending || postPhoto.isPending;
  const failed = postPhoto.error ?? post.error;

  async function send(event: FormEvent) {
    event.preventDefault();
    try {
      // The photo goes first, as a message of its own: if it is refused, the words wait with it.
      if (photo) {
        await postPhoto.mutateAsync(photo);
        setPhoto(null);
        setPhotosSent((count) => count + 1);
      }
      if (text.trim()) {
        await post.mutateAsync(text);
        setText('');
      }
    } catch {
      // Shown under the form.
    }
  }

  return (
    <section className="stack" aria-labelledby="thread-title">
      <h2 id="thread-title">Messages</h2>
      {thread.data && thread.data.length === 0 && <p className="muted">No messages yet.</p>}
      {thread.data && thread.data.length > 0 && (
        <ol className="visits__thread" aria-live="polite">
          {thread.data.map((message) => (
            <li key={message.id} className={`visits__message${message.from === 'patient' ? ' visits__message--mine' : ''}`}>
              <small>
                {message.from === 'patient' ? 'You' : 'Your doctor'} · {formatCentral(new Date(message.sentAt))}
              </small>
              {message.text && <p>{message.text}</p>}
              {message.photo && (
                <VisitPhoto path={`/api/visits/${visitId}/photos/${message.photo.id}`} alt={messages.visitPhotoAlt(message.from)} />
              )}
            </li>
          ))}
        </ol>
      )}
      {open && (
        <form className="stack" onSubmit={(event) => void send(event)}>
          <TextAreaField
            id="thread-text"
            label="Write to your doctor"
            rows={3}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <PhotoPicker
            key={photosSent}
            id="thread-photo"
            photo={photo}
            onChange={(chosen) => {
              postPhoto.reset();
              setPhoto(chosen);
            }}
          />
          {failed && <Alert tone="error">{failureMessage(failed, messages.genericError)}</Alert>}
          <div>
            <Button type="submit" disabled={sending || (!text.trim() && !photo)} busy={sending}>
              Send
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
