// ESLint: type-aware rules of STYLE.md plus the import arrows between the folders of src/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const LAYERS = [
  'domain',
  'ports',
  'app',
  'adapters',
  'http',
  'worker',
  'config',
  'cli',
  'main',
  'client',
  'playground',
];
/** What each folder of src/ may import of ours (STYLE.md, "The shape of the house"). */
const ALLOWED = {
  domain: [],
  ports: ['domain'],
  app: ['domain', 'ports'],
  adapters: ['domain', 'ports'],
  http: ['domain', 'ports', 'app'],
  worker: ['domain', 'ports', 'app'],
  config: [],
  cli: ['domain', 'app', 'config', 'client'],
  main: LAYERS,
  client: [],
  playground: ['client'],
};

/**
 * The client and the playground run in browsers too: of the server's folders they may use types
 * only (the request schema's `Static` type, error codes), which the build erases, and no `node:`
 * module.
 */
const TYPES_ONLY = { client: ['domain', 'http'], playground: ['domain', 'http'] };

/** Import patterns a folder of src/ may not use: the layers it may not reach. */
const layerPatterns = (layer) =>
  LAYERS.filter((other) => other !== layer && !ALLOWED[layer].includes(other)).map((other) => ({
    group: [`**/${other}/*`, `**/${other}/**`],
    message: `src/${layer} may not import src/${other} (see STYLE.md).`,
  }));

/** Each adapter is its own room: one adapter folder never imports another (they meet in ports/). */
const ADAPTERS = readdirSync(new URL('./src/adapters', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const browserBoundary = (layer) => ({
  files: [`src/${layer}/**/*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          ...layerPatterns(layer).filter((p) => !TYPES_ONLY[layer].some((t) => p.group[0] === `**/${t}/*`)),
          ...TYPES_ONLY[layer].map((other) => ({
            group: [`**/${other}/*`, `**/${other}/**`],
            allowTypeImports: true,
            message: `src/${layer} runs in browsers: it may import only types of src/${other} (import type).`,
          })),
          { group: ['node:*'], message: `src/${layer} runs in browsers: no node: modules.` },
        ],
      },
    ],
  },
});

const boundaries = [
  ...LAYERS.filter((layer) => !['main', 'adapters', ...Object.keys(TYPES_ONLY)].includes(layer)).map(
    (layer) => restrict([`src/${layer}/**/*.ts`], layerPatterns(layer)),
  ),
  ...Object.keys(TYPES_ONLY).map(browserBoundary),
  ...ADAPTERS.map((adapter) =>
    restrict(
      [`src/adapters/${adapter}/**/*.ts`],
      [
        ...layerPatterns('adapters'),
        ...ADAPTERS.filter((other) => other !== adapter).map((other) => ({
          group: [`**/${other}/*`, `**/${other}/**`],
          message: `src/adapters/${adapter} may not import another adapter (src/adapters/${other}); share through src/ports.`,
        })),
      ],
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'coverage/**',
      'scripts/**',
      'bin/**',
      'eslint.config.js',
      '*.tmp.ts',
      'test/fixtures/**',
      'assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...boundaries,
);
