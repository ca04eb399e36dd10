// Installs Debian packages with apt-get, for the tools the tests drive (chromium, coturn); only as
// root on a machine with apt-get. Answers whether it installed them.
import { spawnSync } from 'node:child_process';

export function installWithApt(...packages) {
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasAptGet) return false;
  console.log(`${packages.join(', ')} missing: installing Debian's ${packages.join(' and ')} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return run(['update']) && run(['install', '-y', ...packages]);
}
