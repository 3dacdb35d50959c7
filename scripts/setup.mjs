#!/usr/bin/env node
// One idempotent set-up before `npm start`, `npm test` and `npm run bench`:
// npm dependencies, Debian packages (Chromium, ffmpeg, fonts), then the TypeScript build.
// Plain Node with no dependencies, so it runs on a fresh clone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const APT_PACKAGES = [
  'chromium',
  'chromium-headless-shell',
  'ffmpeg',
  'fonts-liberation',
  'fonts-noto-color-emoji',
  // bin/shots runs the service on jemalloc (see the README's "Memory").
  'libjemalloc2',
];
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

function log(message) {
  process.stderr.write(`[setup] ${message}\n`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...options });
  return result.status === 0;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : mtime(path));
  }
  return newest;
}

function npmDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(join(root, 'package-lock.json'))) return;
  log('installing npm dependencies (npm ci; better-sqlite3 builds from source, about a minute)');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) throw new Error('npm ci failed');
}

function installed(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).includes('install ok installed');
  } catch {
    return false;
  }
}

function debianPackages() {
  if (!existsSync('/usr/bin/dpkg-query')) {
    log('not a Debian system: install Chromium, ffmpeg and fonts yourself and set CHROMIUM_PATH');
    return;
  }
  const missing = APT_PACKAGES.filter((p) => !installed(p));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing Debian packages: ${missing.join(' ')}. Run as root once, or: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env: aptEnv });
  if (install()) return;
  run('apt-get', ['update', '-q'], { env: aptEnv });
  if (!install()) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

function build() {
  const stamp = join(root, 'dist/main/index.js');
  const sources = Math.max(
    newestUnder(join(root, 'src')),
    mtime(join(root, 'tsconfig.json')),
    mtime(join(root, 'tsconfig.build.json')),
  );
  if (existsSync(stamp) && mtime(stamp) >= sources) return;
  log('building (tsc)');
  if (!run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json']))
    throw new Error('TypeScript build failed');
}

try {
  npmDependencies();
  debianPackages();
  build();
} catch (err) {
  log(`failed: ${err.message}`);
  process.exit(1);
}
