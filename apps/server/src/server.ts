import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL' && code !== 'EACCES') throw error;
    throw new ConfigError(`Invalid configuration: PORT/HOST: cannot listen on ${config.host}:${config.port} (${code})`);
  });
  if (!config.smtpUrl) app.log.info(`Dev mailbox: ${config.appUrl}/dev/mailbox`);
}

// A setting the server cannot start with is one line naming the variable, without a stack.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
