// Exits 0 when node_modules already holds exactly what package-lock.json asks for, so that CI can
// skip a second `npm ci` on the same checkout (docs/decisions/065). The evidence is npm's own
// hidden lockfile (node_modules/.package-lock.json, written by every install): it must be newer than
// the lock file and every workspace's package.json, and list each locked package at its locked
// version and integrity (an optional one, such as another platform's binary, may be absent), and
// nothing else. Anything short of that: exit 1 and `npm ci` runs as before.
import { readFileSync, statSync } from 'node:fs';

const workspaces = ['.', 'packages/contract', 'apps/api', 'apps/web'];
function fail(reason) {
  console.log(`node_modules does not match package-lock.json (${reason}): npm ci`);
  process.exit(1);
}

let hidden;
try {
  hidden = { mtime: statSync('node_modules/.package-lock.json').mtimeMs, json: JSON.parse(readFileSync('node_modules/.package-lock.json', 'utf8')) };
} catch {
  fail('no node_modules/.package-lock.json');
}
for (const file of ['package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
  if (statSync(file).mtimeMs >= hidden.mtime) fail(`${file} changed after the last install`);
}
const locked = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
const installed = hidden.json.packages ?? {};
for (const [key, entry] of Object.entries(locked)) {
  if (!key.startsWith('node_modules/')) continue;
  const have = installed[key];
  if (!have) {
    if (entry.optional || entry.devOptional || entry.peer) continue;
    fail(`${key} is not installed`);
  }
  if (have.version !== entry.version || (have.integrity ?? '') !== (entry.integrity ?? ''))
    fail(`${key} is at another version`);
}
for (const key of Object.keys(installed)) {
  if (key.startsWith('node_modules/') && !locked[key]) fail(`${key} is not in the lock file`);
}
console.log('node_modules matches package-lock.json (npm\'s hidden lockfile): npm ci skipped');
