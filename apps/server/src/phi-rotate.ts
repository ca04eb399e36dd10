import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { assertPhiKeysKnown, sealPhiColumns } from './db/phi-seal';
import { resealPhotos } from './features/visits';
import { createPhiKeyring } from './lib/phi-cipher';
import { createObjectStorage } from './lib/storage/storage';

/**
 * Re-seals every health-data value, and every visit photo in the object storage, under PHI_KEY,
 * opening older ones with PHI_OLD_KEYS. Run it once
 * every instance has the new PHI_KEY (an instance still on the old key could not read the result).
 * The audit trail is never rewritten: PHI_OLD_KEYS keeps the keys its details were sealed with.
 * Safe to run twice, or beside running servers.
 * Returns how many values and photos it re-sealed.
 */
export async function rotatePhiKeys(config: Config): Promise<{ keyId: string; resealed: number }> {
  const handle = await openDatabase(config);
  try {
    const keyring = createPhiKeyring(config.phiKeys.current, config.phiKeys.older);
    usePhiKeyring(keyring);
    await assertPhiKeysKnown(handle.db, keyring);
    const values = await sealPhiColumns(handle.db, keyring, 'rotate');
    const photos = await resealPhotos(handle.db, createObjectStorage(config), keyring);
    return { keyId: keyring.currentKeyId, resealed: values + photos };
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  rotatePhiKeys(loadConfig())
    .then(({ keyId, resealed }) =>
      process.stdout.write(
        `Re-sealed ${resealed} values and photos under key ${keyId}. Keep the old keys in PHI_OLD_KEYS: the audit trail's details stay sealed as written.\n`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
