#!/usr/bin/env node
// A `solc` command line for forge, backed by the npm `solc` (solc-js): forge runs offline with
// the exact compiler the rest of the repo uses. forge only needs `--version` and
// `--standard-json` (input on stdin, output on stdout); imports are resolved from the project
// root and node_modules through forge's remappings, which forge has already put into the input.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const solc = require('solc');

const args = process.argv.slice(2);
if (args.includes('--version')) {
  const v = solc.version().replace('.Emscripten.clang', '.Linux.g++');
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${v}\n`);
  process.exit(0);
}
if (!args.includes('--standard-json')) {
  process.stderr.write('solc-wrapper: only --version and --standard-json are supported\n');
  process.exit(1);
}
const basePathArg = args.indexOf('--base-path');
const base = basePathArg >= 0 ? args[basePathArg + 1] : process.cwd();
const includeRoots = [];
args.forEach((a, i) => {
  if (a === '--include-path') includeRoots.push(args[i + 1]);
});
function findImports(p) {
  for (const root of [base, ...includeRoots, process.cwd()]) {
    const full = path.resolve(root, p);
    if (fs.existsSync(full)) return { contents: fs.readFileSync(full, 'utf8') };
  }
  if (fs.existsSync(p)) return { contents: fs.readFileSync(p, 'utf8') };
  return { error: `File not found: ${p}` };
}
const input = fs.readFileSync(0, 'utf8');
process.stdout.write(solc.compile(input, { import: findImports }));
