import { clusterSettingsFromEnv, startCluster } from './stack';

/**
 * `npm run cluster`: the several-instances deployment on this machine (see stack.ts), until Ctrl-C,
 * which stops every part and drops its database. It prints where things are, never a secret.
 */
async function main() {
  const cluster = await startCluster({ ...clusterSettingsFromEnv(), keepMail: true });
  const lines = [
    `site (nginx):        ${cluster.url}`,
    ...cluster.instances.map((entry) => `${entry.name}:          ${entry.url}  metrics ${entry.metricsUrl}`),
    `admin:               ${cluster.adminEmail} (password in ${cluster.adminPasswordFile}; the sign-in link arrives as mail)`,
    `mail delivered:      ${cluster.runDir}/mail`,
    `logs, nginx config:  ${cluster.runDir}`,
    'Ctrl-C stops everything and drops the database.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('stopping…\n');
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
