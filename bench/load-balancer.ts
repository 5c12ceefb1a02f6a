// Debian's nginx with the shipped site (deploy/nginx/lms.conf) in front of several local instances, for
// benchmarks that run the app as a campus does: round robin, no sticky sessions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, nginxArguments, writeNginxConfig } from '../scripts/nginx-front.mjs';

/**
 * Starts nginx on 127.0.0.1:`port` in front of `appPorts` (plus `extra` server blocks) and waits until
 * `readyPath` answers through it; its stop is handed to `onCleanup`.
 */
export async function startLoadBalancer(
  port: number,
  appPorts: number[],
  onCleanup: (step: () => Promise<void> | void) => void,
  { extra = '', readyPath = '/health/ready' }: { extra?: string; readyPath?: string } = {},
): Promise<ChildProcess> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian package nginx)');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-nginx-'));
  // No access log: at a thousand requests a second it would cost the machine the bench measures.
  const conf = writeNginxConfig(prefix, port, appPorts, { extra, accessLog: false });
  const child = spawn(nginx, nginxArguments(prefix, conf), { stdio: ['ignore', 'inherit', 'inherit'] });
  onCleanup(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
    }
    rmSync(prefix, { recursive: true, force: true });
  });
  for (let i = 0; i < 80; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('nginx did not answer within 20 s');
}

/** An extra server block: nginx on `port` round robin in front of `ports` (the bare baseline's instances). */
export function plainFrontBlock(name: string, port: number, ports: number[]): string {
  return [
    `upstream ${name} {`,
    ...ports.map((p) => `    server 127.0.0.1:${p};`),
    '    keepalive 512;',
    '}',
    'server {',
    `    listen 127.0.0.1:${port};`,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    `    location / { proxy_pass http://${name}; }`,
    '}',
  ].join('\n');
}
