#!/usr/bin/env node
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main/index.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('shots: not built yet. Run `npm start` once, or `npm run build`.\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
