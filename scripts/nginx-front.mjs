// Debian's nginx in front of local instances, with the shipped site (deploy/nginx/lms.conf): used by the
// two-instance check (scripts/check-two-instances.mjs) and the exam storm across instances
// (bench/exam-start-storm.ts), so both test the configuration a campus installs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The nginx binary, or undefined when the Debian package is not installed. */
export function findNginx() {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0);
}

/**
 * Writes `prefix`/nginx.conf: deploy/nginx/lms.conf with its upstream on `appPorts` and plain HTTP on
 * `port` instead of TLS, access-logging which instance served each request unless `accessLog` is false;
 * `extra` is appended inside `http {}` (another server block). Answers the file's path.
 */
export function writeNginxConfig(prefix, port, appPorts, { extra = '', accessLog = true } = {}) {
  const shipped = readFileSync(path.join(root, 'deploy/nginx/lms.conf'), 'utf8');
  if (
    !/server app1:3000;\n\s*server app2:3000;/.test(shipped) ||
    !shipped.includes('listen 443 ssl http2;')
  ) {
    throw new Error(
      'deploy/nginx/lms.conf no longer has the shape this rewrite expects (upstream app1/app2, listen 443)',
    );
  }
  const site = shipped
    .replace(/server app1:3000;\n(\s*)server app2:3000;/, (_, indent) =>
      appPorts.map((p) => `server 127.0.0.1:${p};`).join(`\n${indent}`),
    )
    .replace('listen 80;', `listen 127.0.0.1:${port + appPorts.length + 1};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_certificate(_key)?\s.*\n/gm, '');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `error_log ${prefix}/logs/error.log;`,
      `pid ${prefix}/nginx.pid;`,
      // A bench holds thousands of students' connections.
      'worker_rlimit_nofile 16384;',
      'events { worker_connections 8192; }',
      'http {',
      `log_format upstream '$request_method $uri $status $upstream_addr';`,
      accessLog ? `access_log ${prefix}/logs/access.log upstream;` : 'access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `${temp}_temp_path ${prefix}/${temp}_temp;`,
      ),
      site,
      extra,
      '}',
      '',
    ].join('\n'),
  );
  return conf;
}

/** The arguments that start nginx in the foreground on a config written by writeNginxConfig. */
export function nginxArguments(prefix, conf) {
  return ['-p', prefix, '-e', `${prefix}/logs/error.log`, '-c', conf];
}
