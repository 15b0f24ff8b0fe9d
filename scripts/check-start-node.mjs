#!/usr/bin/env node
// `npm start` and `npm run package` run this first. Electron 45, its installer (@electron/get) and its
// rebuild tools (@electron/rebuild) declare Node 22.12 or newer; the tests run on Node 20.19 or newer
// (package.json "engines"), so only the commands that run Electron's tools ask for more.
const NEEDED = '22.12.0';

const found = process.versions.node;
if (compare(found, NEEDED) < 0) {
  console.error(
    `npm start and npm run package need Node ${NEEDED} or newer (Electron's tools declare it); ` +
      `this is Node ${found}. Install Node ${NEEDED} or newer to run the app (npm test runs on Node 20.19 or newer).`,
  );
  process.exit(1);
}

/** Compares two versions "major.minor.patch" number by number (so 22.9 comes before 22.12). */
function compare(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let at = 0; at < 3; at++) {
    const difference = (x[at] ?? 0) - (y[at] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
