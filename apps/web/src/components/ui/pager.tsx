import { Button } from './button';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

/** Prev, 'Page x of y', Next (docs/product.md, Admin dashboard); `page` is 0-based. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <ChunkStyles name="ui-data-display" css={css} />
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span aria-live="polite">
        Page {page + 1} of {totalPages}
      </span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
