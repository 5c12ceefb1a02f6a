// `npm run create-operator -- --college <id> --nama "<college name>" --username <username>` (or
// `node dist/create-operator.js …`): the first operator of an empty database (docs/operations.md › First
// account). The password comes from LMS_OPERATOR_PASSWORD or standard input, never from the arguments
// (they show in `ps` and the shell's history).
import { parseArgs } from 'node:util';
import { loadCommandConfig, openCommandDatabase } from './command-setup.ts';
import { createFirstOperator, FirstOperatorError } from './modules/operator-rights/first-operator.service.ts';

const usage =
  'Usage: npm run create-operator -- --college <id> --nama "<college name>" --username <username> ' +
  '[--nama-operator "<name>"]; the password from LMS_OPERATOR_PASSWORD or standard input';

/** The password: the environment variable, else standard input (typed without echo on a terminal). */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.LMS_OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write('Password for the new operator: ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new FirstOperatorError('cancelled'));
          return;
        }
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

async function createOperator(): Promise<number> {
  let options;
  try {
    options = parseArgs({
      options: {
        college: { type: 'string' },
        nama: { type: 'string' },
        username: { type: 'string' },
        'nama-operator': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 1;
  }
  if (!options.college || !options.username) {
    console.error(usage);
    return 1;
  }
  const config = loadCommandConfig();
  if (!config) return 1;
  const password = await readPassword().catch(() => '');
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    // Before the server's first start the tables may not exist yet.
    await database.migrate();
    const { collegeCreated } = await createFirstOperator(database.db, {
      collegeId: options.college,
      collegeName: options.nama,
      username: options.username,
      nama: options['nama-operator'],
      password,
    });
    const address = config.publicUrl ?? `http://localhost:${config.port}`;
    console.log(
      [
        collegeCreated
          ? `Created college ${options.college} and its operator ${options.username}.`
          : `Created operator ${options.username} in college ${options.college}.`,
        `Sign in at ${address}/login as ${options.username} with the password you gave` +
          (collegeCreated ? '' : ` (college-id ${options.college})`) +
          '.',
        'The operator has Update on every area (Lihat on Bantuan) and scope A:T: set other operators\u2019 ' +
          'rights on the Hak Akses Operator page.',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof FirstOperatorError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await createOperator();
