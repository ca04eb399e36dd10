import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await listen(app, 'PORT/HOST', config.port, config.host);
  if (app.metricsServer) await listen(app.metricsServer, 'METRICS_PORT', config.metricsPort!, config.host);
  if (!config.smtpUrl) app.log.info(`Dev mailbox: ${config.appUrl}/dev/mailbox`);
}

// A setting the server cannot start with is one line naming the variable, without a stack.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
