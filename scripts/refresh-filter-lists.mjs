#!/usr/bin/env node
// Re-extracts the ad and tracker filter lists that ship in assets/filters/ (used by `blockAds`).
// Nothing is downloaded at run time: the service only reads the files this script writes.
//
//   node scripts/refresh-filter-lists.mjs                 # EasyList + EasyPrivacy from Debian's uBlock Origin package
//   node scripts/refresh-filter-lists.mjs --source adguard # AdGuard Base + Tracking Protection from npm (about 12 MB)
//
// Sources, each through its ordinary client, into a temporary folder:
// - debian:  `apt-get download webext-ublock-origin-chromium` + `dpkg -x`; the package carries
//            EasyList and EasyPrivacy as uBlock Origin's bundled assets (run `apt-get update` first).
// - adguard: `npm pack @adguard/dnr-rulesets`; each declarative ruleset carries its filter list's
//            raw text (`rawFilterList`): ruleset 2 is AdGuard Base (EasyList + AdGuard English),
//            ruleset 3 AdGuard Tracking Protection.
// The script replaces every *.txt list in assets/filters/ and rewrites assets/filters/sources.json.
// Plain Node with no dependencies.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FILTERS_DIR = new URL('../assets/filters/', import.meta.url).pathname;
const DEBIAN_PACKAGE = 'webext-ublock-origin-chromium';
const DEBIAN_ASSETS = 'usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist';
const ADGUARD_PACKAGE = '@adguard/dnr-rulesets';

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/** [file name, text] of EasyList and EasyPrivacy from Debian's uBlock Origin package. */
function fromDebian(work) {
  run('apt-get', ['download', DEBIAN_PACKAGE], work);
  const deb = readdirSync(work).find((name) => name.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${DEBIAN_PACKAGE} left no .deb (run apt-get update first)`);
  run('dpkg', ['-x', deb, 'root'], work);
  const version = run('dpkg-deb', ['-f', deb, 'Version'], work);
  const source = `Debian package ${DEBIAN_PACKAGE} ${version}`;
  return ['easylist.txt', 'easyprivacy.txt'].map((name) => ({
    name,
    source,
    text: readFileSync(join(work, 'root', DEBIAN_ASSETS, name), 'utf8'),
  }));
}

/** [file name, text] of AdGuard Base and Tracking Protection from the npm package's rulesets. */
function fromAdguard(work) {
  const tarball = run('npm', ['pack', ADGUARD_PACKAGE, '--silent'], work).split('\n').pop();
  run('tar', ['xzf', tarball], work);
  const version = JSON.parse(readFileSync(join(work, 'package/package.json'), 'utf8')).version;
  const source = `npm package ${ADGUARD_PACKAGE} ${version}`;
  return [
    ['adguard-base.txt', 2],
    ['adguard-tracking-protection.txt', 3],
  ].map(([name, id]) => {
    const file = join(work, `package/dist/filters/declarative/ruleset_${id}/ruleset_${id}.json`);
    const text = JSON.parse(readFileSync(file, 'utf8'))[0]?.metadata?.rawFilterList;
    if (typeof text !== 'string') throw new Error(`${file} carries no rawFilterList`);
    return { name, source, text: text.replace(/\r\n/g, '\n') };
  });
}

function main() {
  const flag = process.argv.indexOf('--source');
  const source = flag >= 0 ? process.argv[flag + 1] : 'debian';
  if (source !== 'debian' && source !== 'adguard')
    throw new Error(`unknown --source ${source} (debian or adguard)`);
  const work = mkdtempSync(join(tmpdir(), 'shots-filters-'));
  try {
    const lists = source === 'debian' ? fromDebian(work) : fromAdguard(work);
    for (const name of readdirSync(FILTERS_DIR))
      if (name.endsWith('.txt')) unlinkSync(join(FILTERS_DIR, name));
    const manifest = {};
    for (const list of lists) {
      if (list.text.split('\n').length < 1000) throw new Error(`${list.name} is suspiciously short`);
      writeFileSync(join(FILTERS_DIR, list.name), list.text);
      manifest[list.name] = {
        source: list.source,
        title: /^! Title: (.*)$/m.exec(list.text)?.[1] ?? null,
        bytes: Buffer.byteLength(list.text),
        sha256: createHash('sha256').update(list.text).digest('hex'),
      };
      process.stderr.write(
        `[filters] ${list.name}: ${manifest[list.name].bytes} bytes from ${list.source}\n`,
      );
    }
    writeFileSync(
      join(FILTERS_DIR, 'sources.json'),
      `${JSON.stringify({ refreshedAt: new Date().toISOString(), lists: manifest }, null, 2)}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
