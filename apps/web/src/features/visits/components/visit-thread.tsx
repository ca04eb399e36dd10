import { messages, MESSAGE_MAX } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { usePostMessage, useThread } from '../api/visits';

/** The visit's messages, with a box to write while the doctor holds the visit. */
export function VisitThread({ visitId, open }: { visitId: string; open: boolean }) {
  const thread = useThread(visitId, true);
  const post = usePostMessage(visitId);
  const [text, setText] = useState('');

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    await post.mutateAsync(text).then(
      () => setText(''),
      () => undefined,
    );
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
              <p>{message.text}</p>
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
          {post.isError && <Alert tone="error">{failureMessage(post.error, messages.genericError)}</Alert>}
          <div>
            <Button type="submit" disabled={post.isPending || !text.trim()} busy={post.isPending}>
              Send
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
