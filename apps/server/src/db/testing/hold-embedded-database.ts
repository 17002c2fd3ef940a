/**
 * A stand-in for the server process in the embedded database's tests: starts the database in the folder given
 * as the first argument, prints `{"pid":…,"url":…}`, and on SIGINT does what the server does on Ctrl-C: it
 * finishes its work first (here, a query a second later, as a draining job would), then stops the database.
 */
import pg from 'pg';
import { startEmbeddedDatabase } from '../embedded';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-embedded-database <dataDir>');
const database = await startEmbeddedDatabase({ dataDir, databaseName: 'held' });
console.log(JSON.stringify({ pid: database.pid(), url: database.url }));

process.on('SIGINT', async () => {
  await new Promise((r) => setTimeout(r, 1000));
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await client.query('select 1');
    console.log('drained:ok');
  } catch (error) {
    console.log(`drained:failed ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
  await database.stop();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
