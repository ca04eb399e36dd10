import type { AuditChainState } from '@app/shared';
import { Alert } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';

const when = (iso: string | null) => (iso ? formatCentral(new Date(iso)) : 'an unknown time');
const rows = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

/** The hash chain's state as the hourly check left it: intact up to a row, broken at one, or not checked yet. */
export function ChainState({ chain }: { chain: AuditChainState }) {
  if (chain.state === 'unchecked') {
    return <Alert tone="info">The chain has not been checked yet: it is checked every hour. {rows(chain.newerRows)} written so far.</Alert>;
  }
  if (chain.state === 'broken') {
    return (
      <Alert tone="error" title="The chain is broken">
        Row {chain.rowId} no longer matches the hash anchored outside the database on {when(chain.checkedAt)}. Run npm run audit:verify and
        treat the trail as tampered with.
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      Intact up to {when(chain.rowAt)} (row {chain.rowId?.toLocaleString('en-US')}), checked {when(chain.checkedAt)}.
      {chain.newerRows > 0 && ` ${rows(chain.newerRows)} written since, checked at the next hourly check.`}
    </Alert>
  );
}
