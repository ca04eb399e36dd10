import { messages, MESSAGE_MAX } from '@app/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, ChunkStyles, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import type { ThreadMessage } from '../api/visits';
import { PhotoPicker } from './photo-picker';
import { VisitPhoto } from './visit-photo';
import css from './message-thread.css?inline';

/** Who reads the thread, and how their page names and reaches things. */
export interface ThreadReader {
  side: ThreadMessage['from'];
  /** Unique on the page: the ids of the form's fields derive from it. */
  idPrefix: string;
  /** How the other side's messages are signed: 'Your doctor', 'Patient'. */
  otherName: string;
  /** The label of the box to write in: 'Write to your doctor'. */
  writeLabel: string;
  /** The address of a photo of the thread, for this reader. */
  photoPath: (photoId: string) => string;
}

interface MessageThreadProps {
  reader: ThreadReader;
  thread: ThreadMessage[] | undefined;
  loadError: Error | null;
  /** Whether the visit takes messages now: the box shows only then. */
  open: boolean;
  sendText: UseMutationResult<unknown, Error, string>;
  sendPhoto: UseMutationResult<unknown, Error, File>;
}

/**
 * A visit's messages and photos, with a box to write and a photo to attach while the visit is open: the same
 * thread for the patient and the clinician, each reading their own messages as 'You'.
 */
export function MessageThread({ reader, thread, loadError, open, sendText, sendPhoto }: MessageThreadProps) {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // A new picker once a photo is sent: its file input starts empty again.
  const [photosSent, setPhotosSent] = useState(0);
  const sending = sendText.isPending || sendPhoto.isPending;
  const failed = sendPhoto.error ?? sendText.error;
  const titleId = `${reader.idPrefix}-title`;

  async function send(event: FormEvent) {
    event.preventDefault();
    try {
      // The photo goes first, as a message of its own: if it is refused, the words wait with it.
      if (photo) {
        await sendPhoto.mutateAsync(photo);
        setPhoto(null);
        setPhotosSent((count) => count + 1);
      }
      if (text.trim()) {
        await sendText.mutateAsync(text);
        setText('');
      }
    } catch {
      // Shown under the form.
    }
  }

  return (
    <section className="stack" aria-labelledby={titleId}>
      <ChunkStyles name="message-thread" css={css} />
      <h2 id={titleId} className="card__title">
        Messages
      </h2>
      {loadError && <Alert tone="error">{failureMessage(loadError, messages.genericError)}</Alert>}
      {thread?.length === 0 && <p className="muted">No messages yet.</p>}
      {thread && thread.length > 0 && (
        <ol className="thread" aria-live="polite">
          {thread.map((message) => (
            <li key={message.id} className={`thread__message${message.from === reader.side ? ' thread__message--mine' : ''}`}>
              <small>
                {message.from === reader.side ? 'You' : reader.otherName} · {formatCentral(new Date(message.sentAt))}
              </small>
              {message.text && <p>{message.text}</p>}
              {message.photo && <VisitPhoto path={reader.photoPath(message.photo.id)} alt={messages.visitPhotoAlt(message.from)} />}
            </li>
          ))}
        </ol>
      )}
      {open && (
        <form className="stack" onSubmit={(event) => void send(event)}>
          <TextAreaField
            id={`${reader.idPrefix}-text`}
            label={reader.writeLabel}
            rows={3}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <PhotoPicker
            key={photosSent}
            id={`${reader.idPrefix}-photo`}
            photo={photo}
            onChange={(chosen) => {
              sendPhoto.reset();
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
