import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { dataExports } from './db/schema';
import type { AuditAnchorStore } from './features/audit';
import type { PaymentGateway } from './features/billing/gateway';
import type { CaptchaService } from './features/captcha/service';
import type { GeoService } from './features/geo/service';
import type { MailDelivery } from './features/mail/delivery';
import type { MailTemplates } from './features/mail/templates';
import type { TextMessages } from './features/sms/service';
import type { Limits } from './lib/limits';
import type { OutboxWorker } from './lib/outbox-worker';
import type { LiveBus } from './lib/live/bus';
import type { ObjectStorage } from './lib/storage/storage';

/**
 * Everything the server is wired with, built once in app.ts and handed to the plugins, routes and
 * jobs. A service takes only the ports it uses (its own deps type), which this context satisfies.
 */
export interface AppContext {
  config: Config;
  db: Database;
  /**
   * The database for the session check every signed-in request makes (features/auth): on the
   * Postgres server, connections that keep one generic plan per statement (decision 041). Nothing
   * else runs here: other statements are planned for each run's values (decision 033).
   */
  sessionDb: Database;
  log: FastifyBaseLogger;
  mail: MailDelivery;
  templates: MailTemplates;
  /** Text messages: queued with the change that causes them, sent by their worker (decision 053). */
  sms: TextMessages;
  captcha: CaptchaService;
  geo: GeoService;
  gateway: PaymentGateway;
  limits: Limits;
  /** Live updates: events that tell every instance's open streams to read their state again (decision 054). */
  live: LiveBus;
  /** Receipt files: local disk or S3 (decision 020). */
  storage: ObjectStorage;
  /** Where the audit chain's head is anchored outside the database (decision 048). */
  auditAnchors: AuditAnchorStore;
  /** Members' data downloads, prepared in the background on the outbox's delivery loop (decision 068). */
  dataExports: OutboxWorker<typeof dataExports.$inferSelect>;
}
