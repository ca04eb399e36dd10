import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { fileAnchorStore, useAuditKey } from './features/audit';
import { verifyAuditTrail, type ChainCheck } from './features/audit/service';
import { createPhiKeyring } from './lib/phi-cipher';

/** The line `npm run audit:verify` prints for a check. */
export function chainReport(check: ChainCheck): string {
  if (check.intact)
    return `audit chain intact (${check.rows} rows${check.anchoredRowId === null ? '' : `, anchored up to row ${check.anchoredRowId}`})`;
  return check.cause === 'edited'
    ? `audit chain broken at row ${check.brokenRowId}: it or the row before it was changed`
    : `audit chain broken at row ${check.brokenRowId}: the row anchored outside the database is missing or changed (rows were deleted or rewritten)`;
}

/**
 * Checks the whole audit trail's keyed hash chain, and that it still holds the head last anchored in
 * DATA_DIR (decisions 017, 048); the details need the PHI keys to be opened, the hashes AUDIT_KEY.
 */
export async function verifyAuditChain(config: Config): Promise<ChainCheck> {
  const handle = await openDatabase(config);
  try {
    usePhiKeyring(createPhiKeyring(config.phiKeys.current, config.phiKeys.older));
    useAuditKey(config.auditKey);
    return await verifyAuditTrail({ db: handle.db, anchors: fileAnchorStore(config.dataDir) });
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  verifyAuditChain(loadConfig())
    .then((check) => {
      process.stdout.write(`${chainReport(check)}\n`);
      process.exitCode = check.intact ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
