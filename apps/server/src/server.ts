import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long a shutdown that cut its connections still waits for the jobs and pools before it gives up. */
const CUT_OFF_GRACE_MS = 2_000;

/** Listens, or stops the start with a line naming the settings when the address cannot be had. */
async function listen(server: FastifyInstance, variables: string, port: number, host: string) {
  await server.listen({ port, host }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL' && code !== 'EACCES') throw error;
    throw new ConfigError(`Invalid configuration: ${variables}: cannot listen on ${host}:${port} (${code})`);
  });
}

async function main() {
  const config = loadConfig();
  const app = await buildApp(config, { startWorkers: true });
  let stopping = false;
  /**
   * Stops as a load balancer expects: /health/ready answers 503 at once, the listener closes (new
   * connections are refused), requests under way are answered, the jobs end their current batch,
   * then the pools close and the process exits 0. Past SHUTDOWN_TIMEOUT_MS the connections still
   * open are cut; a close that still does not end exits 1, leaving claimed work to its lease.
   */
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: closing the connections still open');
      app.server.closeAllConnections();
      app.metricsServer?.server.closeAllConnections();
      setTimeout(() => {
        app.log.error({}, 'shutdown did not finish');
        process.exit(1);
      }, CUT_OFF_GRACE_MS).unref();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await listen(app, 'PORT/HOST', config.port, config.host);
  if (app.metricsServer) await listen(app.metricsServer, 'METRICS_PORT', config.metricsPort!, config.host);
  if (!config.smtpUrl) app.log.info(`Dev mailbox: ${config.appUrl}/dev/mailbox`);
}

// A setting the server cannot start with is one line naming the variable, without a stack.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
