import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BUILT_SERVER, freePort, startInstance, type Instance } from '../test/instances';
import { startS3rver } from '../test/s3rver';

/**
 * The deployment "several stateless instances on Postgres, Redis and S3 behind a load balancer", on
 * one machine: a database of its own with an owner role and a server role, a Redis database of its
 * own, s3rver, an SMTP sink, the built server N times and nginx in front, rendered from
 * deploy/nginx/careconnect.conf. Everything listens on 127.0.0.1; nothing is downloaded.
 */
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const NGINX_TEMPLATE = join(repositoryRoot, 'deploy/nginx/careconnect.conf');

export interface ClusterSettings {
  /** A superuser URL of the Postgres server; the cluster's database and roles are made and dropped with it. */
  postgresUrl: string;
  /** A Redis database of the cluster's own (emptied at start and at stop: limits outlive the servers). */
  redisUrl: string;
  /** nginx's port on 127.0.0.1. */
  port: number;
  instances: number;
  /** Settings added to every instance's (e.g. SANDBOX_GATEWAY_LATENCY_MS). */
  extraEnv?: Record<string, string>;
  /** Keep each delivered message as a file in the run folder (for a person using `npm run cluster`). */
  keepMail?: boolean;
}

export const clusterSettingsFromEnv = (): ClusterSettings => ({
  postgresUrl: process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
  port: Number(process.env.CLUSTER_PORT ?? 8080),
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
});

/** A message the SMTP sink accepted: its envelope recipients and the raw message. */
interface ReceivedMail {
  to: string[];
  raw: string;
}

interface ClusterInstance {
  name: string;
  url: string;
  metricsUrl: string;
  /** The running process; replaced by restart(). */
  process: Instance;
  /** Starts the instance again on its own ports (after kill()) and waits until it answers. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** nginx: the site's one address. */
  url: string;
  instances: ClusterInstance[];
  /** The folder of this run: logs, nginx's configuration, the admin's password file. */
  runDir: string;
  /** nginx's access log: time, method, path (no query), status, the instances tried and their statuses. */
  accessLog: string;
  adminEmail: string;
  /** The admin's password (never printed: `npm run cluster` names the file that holds it). */
  adminPassword: string;
  adminPasswordFile: string;
  /** The owner role's URL, for reading the tables after a drill. */
  ownerUrl: string;
  /** The settings every instance runs with, secrets included: for `verifyAuditChain`, never for printing. */
  serverEnv: Record<string, string>;
  mail: ReceivedMail[];
  stop(): Promise<void>;
}

const secret = () => randomBytes(32).toString('base64');
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withDatabase(serverUrl: string, database: string, role?: { name: string; password: string }) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (role) {
    url.username = role.name;
    url.password = role.password;
  }
  return url.toString();
}

async function adminQuery(serverUrl: string, statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An SMTP server that accepts every message and keeps it in memory (and in `folder`, when given). */
async function startMailSink(received: ReceivedMail[], folder: string | null) {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        received.push(mail);
        if (folder) writeFileSync(join(folder, `${String(received.length).padStart(5, '0')}.eml`), mail.raw, { mode: 0o600 });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** deploy/nginx/careconnect.conf with this cluster's upstream servers and port. */
export function renderNginxConfig(template: string, port: number, upstreamPorts: number[]): string {
  const upstreamLine = /^(\s*)server 127\.0\.0\.1:\d+( .*;)$/m;
  const match = upstreamLine.exec(template);
  if (!match) throw new Error('deploy/nginx/careconnect.conf has no `server 127.0.0.1:PORT …;` line in its upstream');
  const [, indent, rest] = match;
  const servers = upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${rest}`).join('\n');
  const withoutServers = template.replace(new RegExp(upstreamLine.source, 'gm'), '@@SERVERS@@');
  return withoutServers.replace(/@@SERVERS@@(\n@@SERVERS@@)*/, servers).replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`);
}

function nginxBinary() {
  if (process.env.NGINX) return process.env.NGINX;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

/** nginx in the foreground with its prefix, pid file, logs and temporary files in `folder`. */
async function startNginx(folder: string, port: number, upstreamPorts: number[]) {
  mkdirSync(join(folder, 'logs'), { recursive: true });
  // Its workers run as nobody when started by root: they must reach the folder.
  chmodSync(folder, 0o755);
  writeFileSync(join(folder, 'careconnect.conf'), renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), port, upstreamPorts));
  const temp = (name: string) => `${name}_temp_path ${join(folder, `${name}-temp`)};`;
  writeFileSync(
    join(folder, 'nginx.conf'),
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(folder, 'nginx.pid')};`,
      `error_log ${join(folder, 'logs/error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // The path without its query string, and which instance answered: no token in a query reaches the log.
      "  log_format drill '$msec $request_method $uri $status $upstream_addr $upstream_status $request_time';",
      `  access_log ${join(folder, 'logs/access.log')} drill;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${join(folder, 'careconnect.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginxBinary(), ['-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (its log: ${join(folder, 'logs/error.log')})`);
    const up = await fetch(`${url}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url}`);
    }
    await sleep(100);
  }
  return { url, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGQUIT: nginx's graceful stop.
  child.kill('SIGQUIT');
  const cutOff = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(cutOff);
}

/** Starts the whole set; `stop()` ends every part started and drops the database and roles. */
export async function startCluster(settings: ClusterSettings): Promise<Cluster> {
  const run = randomBytes(4).toString('hex');
  const runDir = mkdtempSync(join(tmpdir(), 'careconnect-cluster-'));
  const stops: (() => Promise<void>)[] = [];
  // Once, however many times it is asked (an interrupted drill and its own end may both ask).
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      for (const each of stops.reverse()) await each().catch((error: unknown) => console.error('cluster stop:', error));
      rmSync(runDir, { recursive: true, force: true });
    })());
  try {
    const database = `careconnect_cluster_${run}`;
    const owner = { name: `careconnect_owner_${run}`, password: randomBytes(18).toString('hex') };
    const server = { name: `careconnect_server_${run}`, password: randomBytes(18).toString('hex') };
    await adminQuery(settings.postgresUrl, [
      `CREATE ROLE ${quoteIdent(owner.name)} LOGIN PASSWORD '${owner.password}'`,
      `CREATE ROLE ${quoteIdent(server.name)} LOGIN PASSWORD '${server.password}'`,
      `CREATE DATABASE ${quoteIdent(database)} OWNER ${quoteIdent(owner.name)}`,
    ]);
    stops.push(() =>
      adminQuery(settings.postgresUrl, [
        `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`,
        `DROP ROLE IF EXISTS ${quoteIdent(server.name)}`,
        `DROP ROLE IF EXISTS ${quoteIdent(owner.name)}`,
      ]),
    );
    const ownerUrl = withDatabase(settings.postgresUrl, database, owner);

    const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    stops.push(async () => {
      await redis.flushdb();
      redis.disconnect();
    });

    const s3 = await startS3rver();
    stops.push(() => s3.close());

    const mail: ReceivedMail[] = [];
    let mailFolder: string | null = null;
    if (settings.keepMail) {
      mailFolder = join(runDir, 'mail');
      mkdirSync(mailFolder, { mode: 0o700 });
    }
    const sink = await startMailSink(mail, mailFolder);
    stops.push(() => sink.close());

    const url = `http://127.0.0.1:${settings.port}`;
    const adminEmail = 'admin@careconnect.example';
    const adminPassword = `Adm1n!${randomBytes(12).toString('hex')}`;
    const adminPasswordFile = join(runDir, 'admin-password');
    writeFileSync(adminPasswordFile, `${adminPassword}\n`, { mode: 0o600 });
    const dataDir = join(runDir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const serverEnv: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: url,
      // One proxy in front: nginx on this machine.
      TRUST_PROXY: '1',
      // Loopback clients have no country, and the drill signs up without a person to solve a captcha.
      GEO_RESTRICT: 'off',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(settings.postgresUrl, database, server),
      MIGRATION_DATABASE_URL: ownerUrl,
      REDIS_URL: settings.redisUrl,
      SMTP_URL: sink.url,
      JWT_SECRET: secret(),
      PHI_KEY: secret(),
      AUDIT_KEY: secret(),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      ...s3.env,
      ...settings.extraEnv,
    };

    const instances: ClusterInstance[] = [];
    for (let i = 0; i < settings.instances; i++) {
      const name = `instance-${String.fromCharCode(97 + i)}`;
      const [port, metricsPort] = [await freePort(), await freePort()];
      const env = { ...serverEnv, PORT: String(port), METRICS_PORT: String(metricsPort) };
      const log = openSync(join(runDir, `${name}.log`), 'a', 0o600);
      stops.push(() => Promise.resolve(closeSync(log)));
      const start = () => startInstance(env, { entry: BUILT_SERVER, port, output: log, timeoutMs: 60_000 });
      const entry: ClusterInstance = {
        name,
        url: `http://127.0.0.1:${port}`,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        // Filled below, once every instance started.
        process: undefined as unknown as Instance,
        restart: async () => {
          entry.process = await start();
        },
      };
      instances.push(entry);
      stops.push(async () => void (await entry.process?.stop()));
      // The first one alone, so that it migrates and makes the admin before the others start.
      if (i === 0) entry.process = await start();
    }
    await Promise.all(instances.slice(1).map((entry) => entry.restart()));

    const nginx = await startNginx(join(runDir, 'nginx'), settings.port, [...instances.map((entry) => Number(new URL(entry.url).port))]);
    stops.push(() => nginx.stop());
    const accessLog = join(runDir, 'nginx/logs/access.log');
    return { url, instances, runDir, accessLog, adminEmail, adminPassword, adminPasswordFile, ownerUrl, serverEnv, mail, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
