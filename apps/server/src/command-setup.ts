// The start of a one-shot command (migrate, create-operator): each failure is one line on stderr and
// the command's exit code 1, where the server itself would stop with a stack.
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';

/** The configuration, or undefined after printing what is invalid in it. */
export function loadCommandConfig(): AppConfig | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}

/** The configured database (a small pool: one command), or undefined after printing why it cannot open. */
export async function openCommandDatabase(config: AppConfig): Promise<Database | undefined> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  } catch (error) {
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
    console.error(`Cannot open the database given by ${where}: ${(error as Error).message}`);
    return undefined;
  }
}
