// Build step: writes dist/pglite-template.tar.gz, an initialised and migrated empty embedded database
// that a first start unpacks instead of running initdb (see pgliteTemplatePath).
import { writeFileSync } from 'node:fs';
import { openDatabase } from './database.ts';

const [outFile] = process.argv.slice(2);
if (!outFile) throw new Error('usage: make-pglite-template <out.tar.gz>');
const database = await openDatabase({});
await database.migrate();
const dump = await database.dump!();
writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
await database.close();
