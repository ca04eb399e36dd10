import { formatCentralDate, messages, type DataExportLink } from '@app/shared';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Log } from '../../lib/logging';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker';
import { createPhiKeyring } from '../../lib/phi-cipher';
import { signer } from '../../lib/signing';
import type { ObjectStorage } from '../../lib/storage/storage';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { findUserById } from '../users';
import { patientPhotoFiles } from '../visits';
import { personalDataOf } from './personal-data.service';
import { claimDueExports, findExport, markExportFailed, markExportReady, type DataExportRow } from './repository';

/** How long a prepared archive, and the link to it, can be used. */
const DATA_EXPORT_KEEP_MS = 7 * 24 * 60 * 60_000;

/** What preparing, announcing and serving a data download uses. */
export interface DataExportDeps {
  db: Database;
  config: Pick<Config, 'brand' | 'appUrl' | 'jwtSecret' | 'phiKeys'>;
  storage: Pick<ObjectStorage, 'write' | 'openRead' | 'remove'>;
  mail: MailDelivery;
  templates: MailTemplates;
}

const archiveKey = (row: Pick<DataExportRow, 'id' | 'userId'>) => `data-exports/${row.userId}/${row.id}`;
const keyringOf = (deps: Pick<DataExportDeps, 'config'>) => createPhiKeyring(deps.config.phiKeys.current, deps.config.phiKeys.older);
const links = (deps: Pick<DataExportDeps, 'config'>) => signer(deps.config.jwtSecret, 'data download address');
/** What a download link signs: the download, its owner and when the link stops working. */
const signedText = (id: string, userId: string, expires: number) => `${id}.${userId}.${expires}`;

/** The address of a prepared download, signed for its owner until it expires. */
function downloadAddress(deps: Pick<DataExportDeps, 'config'>, row: Pick<DataExportRow, 'id' | 'userId'>, expiresAt: Date) {
  const expires = expiresAt.getTime();
  const query = new URLSearchParams({
    id: row.id,
    expires: String(expires),
    sig: links(deps).sign(signedText(row.id, row.userId, expires)),
  });
  return `${deps.config.appUrl}/data-export?${query.toString()}`;
}

/**
 * The archive: the data as JSON, each signed visit summary's PDF and each photo sent in a visit's thread (stored
 * as they are: PDFs and photos are compressed already).
 */
async function buildArchive(deps: DataExportDeps, userId: string): Promise<Uint8Array | null> {
  const personal = await personalDataOf(deps, userId);
  if (!personal) return null;
  const files: Zippable = { 'my-data.json': strToU8(JSON.stringify(personal.data, null, 2)) };
  for (const { fileName, pdf } of personal.summaryPdfs) files[`visit-summaries/${fileName}`] = [pdf, { level: 0 }];
  for (const { fileName, bytes } of await patientPhotoFiles({ storage: deps.storage, keyring: keyringOf(deps) }, deps.db, userId))
    files[fileName] = [bytes, { level: 0 }];
  return zipSync(files, { level: 6 });
}

/**
 * Prepares a download: the archive is built, sealed and stored, then the row is marked ready and its
 * owner is mailed the link in one transaction. A download whose account is gone is simply finished.
 */
async function prepare(deps: DataExportDeps, row: DataExportRow) {
  const archive = await buildArchive(deps, row.userId);
  const user = await findUserById(deps.db, row.userId);
  if (!archive || !user) return;
  const key = archiveKey(row);
  await deps.storage.write(key, Buffer.from(keyringOf(deps).seal(Buffer.from(archive).toString('base64'))), 'application/octet-stream');
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_KEEP_MS);
  const notice = await deps.db.transaction(async (tx) => {
    if (!(await markExportReady(tx, row.id, { storageKey: key, readyAt, expiresAt }))) return null;
    const when = formatCentralDate(expiresAt);
    return queueMailToSend(tx, deps.templates.dataExportReady(user.email, user.firstName, downloadAddress(deps, row, expiresAt), when));
  });
  if (notice) void deps.mail.send(notice);
  else await deps.storage.remove(key);
}

/**
 * The background preparation of data downloads, on the outbox's delivery loop (decision 068): the
 * request prepares its own download after its answer, and the loop takes any a crash or a failure left.
 */
export const createDataExportWorker = (deps: DataExportDeps, log: Log): OutboxWorker<DataExportRow> =>
  createOutboxWorker<DataExportRow>(
    {
      name: 'data export',
      claimDue: (limit, leaseMs) => claimDueExports(deps.db, { limit: Math.min(limit, 2), leaseMs }),
      send: (row) => prepare(deps, row),
      // Marked ready with its notice inside `prepare`, in one transaction.
      markSent: () => Promise.resolve(),
      markFailed: (row, reason, retryAt) =>
        markExportFailed(deps.db, row.id, reason, retryAt ?? new Date(Date.now() + DATA_EXPORT_KEEP_MS)),
      describe: (row) => ({ exportId: row.id }),
    },
    log,
  );

/**
 * The archive behind a download link, opened, for the signed-in person it belongs to. A link that is
 * not ours, or names no download, is refused; one used by another account is forbidden; past its
 * expiry (or once the file is erased) it is gone.
 */
export async function openDownload(deps: DataExportDeps, link: DataExportLink, askingUserId: string, now = new Date()) {
  const row = await findExport(deps.db, link.id);
  if (!row || !links(deps).verify(signedText(row.id, row.userId, link.expires), link.sig)) throw notFound(messages.dataExportLinkInvalid);
  if (row.userId !== askingUserId) throw forbidden(messages.dataExportNotYours);
  if (link.expires <= now.getTime() || !row.storageKey || !row.expiresAt || row.expiresAt <= now)
    throw notFound(messages.dataExportLinkExpired);
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.openRead(row.storageKey)) chunks.push(chunk as Buffer);
  const archive = Buffer.from(keyringOf(deps).open(Buffer.concat(chunks).toString()), 'base64');
  return { fileName: `my-data-${now.toISOString().slice(0, 10)}.zip`, archive };
}
