import { QUICK_RANGES, quickRangeDays, type QuickRangeId } from '@app/shared';
import { Button } from './button';
import { ChunkStyles } from './chunk-styles';
import css from './data-display.css?inline';

interface QuickRangesProps {
  /** Today, America/Chicago, YYYY-MM-DD. */
  today: string;
  /** The range shown now, as days; with `months`, as YYYY-MM months. */
  value: { from: string; to: string };
  months?: boolean;
  onPick: (days: { from: string; to: string }, id: QuickRangeId) => void;
}

/** This month, last month, the last 12 months: one press sets a range; the one in use reads as pressed. */
export function QuickRanges({ today, value, months = false, onPick }: QuickRangesProps) {
  const shown = (day: string) => (months ? day.slice(0, 7) : day);
  return (
    <div className="quick-ranges" role="group" aria-label="Quick ranges">
      <ChunkStyles name="ui-data-display" css={css} />
      {QUICK_RANGES.map(({ id, label }) => {
        const days = quickRangeDays(id, today);
        const pressed = shown(days.from) === value.from && shown(days.to) === value.to;
        return (
          <Button key={id} variant={pressed ? 'primary' : 'secondary'} size="sm" aria-pressed={pressed} onClick={() => onPick(days, id)}>
            {label}
          </Button>
        );
      })}
    </div>
  );
}
