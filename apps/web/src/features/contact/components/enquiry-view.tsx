import { enquiryReplyRequestSchema, messages, type EnquiryStatus } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Facts, LoadError, Spinner, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { enquiryKeys, getEnquiry, replyToEnquiry, setEnquiryStatus } from '../api/enquiries';
import { EnquiryStatusTag } from './enquiry-status-tag';

/** One enquiry opened: its message, the replies sent, a reply form, and its status. */
export function EnquiryView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const enquiry = useQuery({ queryKey: enquiryKeys.one(id), queryFn: ({ signal }) => getEnquiry(id, signal) });
  const [reply, setReply] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  // Opened from the list: focus moves here, so a keyboard or a phone (where it sits below the list) lands on it.
  useEffect(() => {
    if (enquiry.isSuccess) frame.current?.focus();
  }, [enquiry.isSuccess]);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const onAnswer = (answer: { enquiry: unknown; message: string }) => {
    queryClient.setQueryData(enquiryKeys.one(id), answer.enquiry);
    void queryClient.invalidateQueries({ queryKey: ['enquiries', 'list'] });
    setNotice({ tone: 'success', message: answer.message });
  };
  const onError = (error: unknown) => setNotice({ tone: 'error', message: failureMessage(error, messages.genericError) });
  const send = useMutation({
    mutationFn: (body: string) => replyToEnquiry(id, body),
    onSuccess: (answer) => {
      setReply('');
      onAnswer(answer);
    },
    onError,
  });
  const status = useMutation({ mutationFn: (next: EnquiryStatus) => setEnquiryStatus(id, next), onSuccess: onAnswer, onError });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = enquiryReplyRequestSchema.safeParse({ body: reply });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) send.mutate(parsed.data.body);
  }

  if (enquiry.isPending) return <Spinner label="Opening the enquiry…" />;
  if (enquiry.isError)
    return <LoadError error={enquiry.error} fallback={messages.enquiriesLoadFailed} onRetry={() => void enquiry.refetch()} />;
  const e = enquiry.data;
  return (
    <div ref={frame} tabIndex={-1}>
      <Card title={`Enquiry from ${e.fullName}`} level={2} headingId="enquiry-title" actions={<EnquiryStatusTag status={e.status} />}>
        <div className="stack">
          {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
          <Facts
            items={[
              ['E-mail', e.email],
              ['Phone', e.phone],
              ['Sent', formatCentral(new Date(e.createdAt))],
              ['From', e.location ?? 'Unknown'],
            ]}
          />
          <h3>Message</h3>
          <p className="console-message">{e.message}</p>
          {e.replies.length > 0 && (
            <>
              <h3>Replies</h3>
              <ol className="stack" aria-label="Replies sent">
                {e.replies.map((r) => (
                  <li key={r.id}>
                    <p className="muted">
                      {formatCentral(new Date(r.createdAt))}
                      {r.authorEmail && <> · {r.authorEmail}</>}
                    </p>
                    <p className="console-message">{r.body}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
          <form className="stack" noValidate onSubmit={submit} aria-labelledby="enquiry-reply-label">
            <TextAreaField
              id="enquiry-reply"
              label={<span id="enquiry-reply-label">Reply by e-mail to {e.email}</span>}
              rows={5}
              value={reply}
              error={problem}
              onChange={(event) => setReply(event.target.value)}
            />
            <div className="row">
              <Button type="submit" busy={send.isPending} disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send reply'}
              </Button>
              {e.status === 'closed' ? (
                <Button
                  variant="secondary"
                  disabled={status.isPending}
                  onClick={() => status.mutate(e.replies.length ? 'answered' : 'new')}
                >
                  Reopen
                </Button>
              ) : (
                <Button variant="secondary" disabled={status.isPending} onClick={() => status.mutate('closed')}>
                  Close enquiry
                </Button>
              )}
            </div>
          </form>
        </div>
      </Card>
    </div>
  );
}
