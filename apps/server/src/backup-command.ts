// `npm run backup` / `npm run restore` (and `node dist/backup-command.js …` in a built installation):
// the database and the stored files together, with the server's own configuration (DATABASE_URL,
// DATA_DIR). docs/operations.md "Backup and restore".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createBackup, restoreBackup, RestoreRefusedError, verifyBackup } from './platform/backup.service.ts';

const usage = `usage:
  backup  [--out <folder>]          back up into a new folder (default backups/lms-backup-<UTC time>)
  restore <folder> [--force]        restore into an empty installation (--force replaces what is there)
  verify  <folder>                  check a backup's checksums without restoring it`;

function log(message: string): void {
  console.error(message);
}

async function runCommand(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  const [command, folder] = positionals;
  if (values.help || !command) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  if (command === 'verify' && folder) {
    await verifyBackup(path.resolve(folder), log);
    return 0;
  }
  const config = loadConfig();
  const installation = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgBinDir: config.pgBinDir,
    s3: config.s3,
  };
  if (command === 'backup') {
    const stamp = new Date()
      .toISOString()
      .replaceAll(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const target = path.resolve(values.out ?? path.join('backups', `lms-backup-${stamp}`));
    await createBackup(installation, target, log);
    console.log(target);
    return 0;
  }
  if (command === 'restore' && folder) {
    await restoreBackup(installation, path.resolve(folder), { force: values.force, log });
    log('restore complete; start the server (it applies newer migrations if this version has any)');
    return 0;
  }
  console.error(usage);
  return 2;
}

runCommand().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // One line naming what is wrong; the messages carry no password (config.ts and the tools never see it in argv).
    console.error(
      error instanceof ConfigError || error instanceof RestoreRefusedError
        ? error.message
        : `failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
