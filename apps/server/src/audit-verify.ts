import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { checkAuditChain, type ChainCheck } from './features/audit/service';
import { createPhiKeyring } from './lib/phi-cipher';

/** The line `npm run audit:verify` prints for a check. */
export const chainReport = (check: ChainCheck) =>
  check.intact
    ? `audit chain intact (${check.rows} rows)`
    : `audit chain broken at row ${check.brokenRowId}: it or the row before it was changed`;

/** Checks the whole audit trail's hash chain (decision 017); the details need the PHI keys to be opened. */
export async function verifyAuditChain(config: Config): Promise<ChainCheck> {
  const handle = await openDatabase(config);
  try {
    usePhiKeyring(createPhiKeyring(config.phiKeys.current, config.phiKeys.older));
    return await checkAuditChain(handle.db);
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
