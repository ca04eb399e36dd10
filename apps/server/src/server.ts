import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config, { startWorkers: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!config.smtpUrl) app.log.info(`Dev mailbox: ${config.appUrl}/dev/mailbox`);
}

main().catch((error: unknown) => {
  // A configuration problem found at start (a wrong PHI_KEY) reads like one found in the environment.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
