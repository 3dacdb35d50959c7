// ESLint: type-aware rules of STYLE.md plus the import arrows between the folders of src/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const LAYERS = ['domain', 'ports', 'app', 'adapters', 'http', 'worker', 'config', 'cli', 'main'];
/** What each folder of src/ may import of ours (STYLE.md, "The shape of the house"). */
const ALLOWED = {
  domain: [],
  ports: ['domain'],
  app: ['domain', 'ports'],
  adapters: ['domain', 'ports'],
  http: ['domain', 'ports', 'app'],
  worker: ['domain', 'ports', 'app'],
  config: [],
  cli: ['domain', 'app', 'config'],
  main: LAYERS,
};

const boundaries = LAYERS.filter((layer) => layer !== 'main').map((layer) => ({
  files: [`src/${layer}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: LAYERS.filter((other) => other !== layer && !ALLOWED[layer].includes(other)).map(
          (other) => ({
            group: [`**/${other}/*`, `**/${other}/**`],
            message: `src/${layer} may not import src/${other} (see STYLE.md).`,
          }),
        ),
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
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
