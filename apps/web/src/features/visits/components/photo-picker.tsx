import { VISIT_PHOTO_TYPES, visitPhotoProblem } from '@app/shared';
import { useRef, useState } from 'react';
import { Button, describedBy, FieldFrame } from '../../../components/ui';
import { PhotoPreview } from './visit-photo';

const HINT = 'A JPEG or PNG, up to 10 MB.';

/**
 * "Add photo": a JPEG or PNG of at most 10 MB, checked as it is chosen by the rule the server applies
 * (which checks the bytes too), and shown before it is sent.
 */
export function PhotoPicker({ id, photo, onChange }: { id: string; photo: File | null; onChange: (photo: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function choose(file: File | undefined) {
    const found = file ? visitPhotoProblem(file) : null;
    setProblem(found);
    onChange(file && !found ? file : null);
    if (found && input.current) input.current.value = '';
  }

  function remove() {
    onChange(null);
    if (input.current) input.current.value = '';
  }

  return (
    <FieldFrame id={id} label="Add photo" optional hint={HINT} error={problem}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={VISIT_PHOTO_TYPES.join(',')}
        aria-describedby={describedBy(id, { hint: HINT, error: problem })}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {photo && (
        <div className="stack">
          <PhotoPreview photo={photo} />
          <div>
            <Button variant="secondary" onClick={remove}>
              Remove photo
            </Button>
          </div>
        </div>
      )}
    </FieldFrame>
  );
}
