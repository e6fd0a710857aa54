/**
 * Compiles the Solidity sources with the npm `solc` (no downloads; evmVersion cancun, optimizer
 * on) into contracts/artifacts/<Name>.json ({ contractName, abi, bytecode, deployedBytecode }).
 * Cached by a hash of every source, the compiler version and the settings: instant when unchanged.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Interface, type InterfaceAbi } from 'ethers';

const require = createRequire(import.meta.url);

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS_DIR = join(ROOT, 'contracts/artifacts');
const SOURCE_DIRS = ['contracts/src', 'contracts/bench'];
const REMAPPINGS: Record<string, string> = {
  '@openzeppelin/contracts/': 'node_modules/@openzeppelin/contracts/',
  'solady/': 'node_modules/solady/src/',
};
const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 1000 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

export type Artifact = {
  contractName: string;
  sourceName: string;
  abi: InterfaceAbi;
  bytecode: string;
  deployedBytecode: string;
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: InterfaceAbi;
        evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
      }
    >
  >;
};

function listSol(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((entry) => {
    const path = join(abs, entry);
    if (statSync(path).isDirectory()) return listSol(relative(ROOT, path));
    return entry.endsWith('.sol') ? [relative(ROOT, path)] : [];
  });
}

function resolveImport(path: string): string {
  for (const [prefix, target] of Object.entries(REMAPPINGS)) {
    if (path.startsWith(prefix)) return join(ROOT, target, path.slice(prefix.length));
  }
  return join(ROOT, path);
}

function sourceHash(files: string[], solcVersion: string): string {
  const h = createHash('sha256');
  h.update(solcVersion);
  h.update(JSON.stringify(SETTINGS));
  // Library versions are pinned: their package.json versions stand for their sources.
  for (const lib of ['@openzeppelin/contracts', 'solady']) {
    h.update(readFileSync(join(ROOT, 'node_modules', lib, 'package.json')));
  }
  for (const f of files) {
    h.update(f);
    h.update(readFileSync(join(ROOT, f)));
  }
  return h.digest('hex');
}

/** Compiles when a source changed; returns whether it compiled (false: the cache was fresh). */
export function compileContracts({ force = false }: { force?: boolean } = {}): boolean {
  const solc = require('solc') as {
    version(): string;
    compile(input: string, opts: { import: (p: string) => unknown }): string;
  };
  const files = SOURCE_DIRS.flatMap(listSol).sort();
  const hash = sourceHash(files, solc.version());
  const stamp = join(ARTIFACTS_DIR, '.source-hash');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return false;

  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((f) => [f, { content: readFileSync(join(ROOT, f), 'utf8') }]),
    ),
    settings: {
      ...SETTINGS,
      remappings: Object.entries(REMAPPINGS).map(([k, v]) => `${k}=${v}`),
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (p: string) => {
        const full = resolveImport(p);
        return existsSync(full)
          ? { contents: readFileSync(full, 'utf8') }
          : { error: `File not found: ${p}` };
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const sourceName of files) {
    for (const [contractName, c] of Object.entries(output.contracts?.[sourceName] ?? {})) {
      if (!c.evm.bytecode.object) continue; // interfaces and abstract contracts
      const artifact: Artifact = {
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
      writeAtomic(join(ARTIFACTS_DIR, `${contractName}.json`), JSON.stringify(artifact, null, 2));
    }
  }
  const abiModule = renderAbiModule();
  if (!existsSync(ABI_FILE) || readFileSync(ABI_FILE, 'utf8') !== abiModule) {
    writeAtomic(ABI_FILE, abiModule);
  }
  writeAtomic(stamp, hash);
  return true;
}

/** Parallel test workers may compile at once: a reader never sees a half-written file. */
function writeAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/** Contracts whose ABI the web app and the server import from contracts/abi/index.ts. */
const PUBLIC_CONTRACTS = [
  'Exchange',
  'FractionalVaultFactory',
  'FractionalVault',
  'WVBC',
  'CollectionFactory',
  'MarketplaceCollection',
  'Gifts',
  'Drops',
];
export const ABI_FILE = join(ROOT, 'contracts/abi/index.ts');

/**
 * contracts/abi/index.ts, generated (committed, so the browser build needs no compiler): the
 * human-readable ABI of each public contract, as ethers and viem accept it.
 */
export function renderAbiModule(): string {
  const parts = [
    '// Generated by scripts/compile-contracts.ts from the compiled contracts: do not edit.',
    '// A test (contracts/test-ts/abi.test.ts) fails when it is out of date.',
  ];
  for (const name of PUBLIC_CONTRACTS) {
    const artifact = JSON.parse(
      readFileSync(join(ARTIFACTS_DIR, `${name}.json`), 'utf8'),
    ) as Artifact;
    const lines = new Interface(artifact.abi)
      .format(false)
      .map((l) => `  '${l}',`)
      .join('\n');
    const constName = `${name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_ABI`;
    parts.push('', `export const ${constName} = [\n${lines}\n] as const;`);
  }
  return `${parts.join('\n')}\n`;
}

let compiledOnce = false;

/** The compiled artifact of a contract (compiles first if a source changed). */
export function loadArtifact(name: string): Artifact {
  if (!compiledOnce) {
    compileContracts();
    compiledOnce = true;
  }
  const path = join(ARTIFACTS_DIR, `${name}.json`);
  if (!existsSync(path)) throw new Error(`No artifact for contract ${name}`);
  return JSON.parse(readFileSync(path, 'utf8')) as Artifact;
}
