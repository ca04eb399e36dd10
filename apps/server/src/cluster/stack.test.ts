import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderNginxConfig } from './stack';

const template = readFileSync(fileURLToPath(new URL('../../../../deploy/nginx/careconnect.conf', import.meta.url)), 'utf8');

describe('deploy/nginx/careconnect.conf as npm run cluster renders it', () => {
  it('lists every instance in the upstream with the same failover settings, and listens on the port asked', () => {
    const rendered = renderNginxConfig(template, 9090, [4001, 4002, 4003]);
    expect(rendered.match(/^\s*server 127\.0\.0\.1:\d+.*$/gm)?.map((line) => line.trim())).toEqual([
      'server 127.0.0.1:4001 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:4002 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:4003 max_fails=1 fail_timeout=5s;',
    ]);
    expect(rendered).toContain('listen 127.0.0.1:9090;');
    expect(rendered).not.toContain('3001');
  });

  it('never lets nginx resend a checkout', () => {
    const checkout = /location ~ \^\/api\/users\/\[\^\/\]\+\/subscription\$ \{([^}]*)\}/.exec(template);
    expect(checkout?.[1]).toContain('proxy_next_upstream off;');
    // A POST is resent only when it never reached an instance.
    const directives = template.split('\n').filter((line) => /^\s*proxy_next_upstream /.test(line));
    expect(directives.length).toBeGreaterThan(1);
    for (const line of directives) expect(line).not.toContain('non_idempotent');
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('is accepted by nginx -t (when nginx is installed)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'careconnect-nginx-'));
    try {
      writeFileSync(join(folder, 'careconnect.conf'), renderNginxConfig(template, 9090, [4001, 4002]));
      writeFileSync(
        join(folder, 'nginx.conf'),
        `pid ${folder}/nginx.pid;\nerror_log ${folder}/error.log;\nevents {}\nhttp {\n  include ${folder}/careconnect.conf;\n}\n`,
      );
      const check = spawnSync('/usr/sbin/nginx', ['-t', '-p', folder, '-c', join(folder, 'nginx.conf')], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
