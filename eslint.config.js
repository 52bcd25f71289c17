import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// The house style's purity rules for src/core: no Math.random, no DOM, no UI or store imports.
const coreBannedImports = {
  patterns: [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'src/core is pure: no React.' },
    { group: ['zustand', 'zustand/*'], message: 'src/core is pure: no stores.' },
    { group: ['comlink'], message: 'src/core is pure: comlink belongs in workers/.' },
    { group: ['**/ui/**', '**/state/**', '**/app/**', '../ui', '../state', '../app'], message: 'src/core must not import the app.' },
    { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/core runs in workers too: no Node built-ins.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/.*-tmp.*', 'dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'out/**', 'runs/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'no-restricted-imports': ['error', coreBannedImports],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use createRng(deriveSeed(...)) from src/core/math.' }],
      'no-restricted-globals': ['error',
        { name: 'window', message: 'src/core runs in Node and workers: no DOM.' },
        { name: 'document', message: 'src/core runs in Node and workers: no DOM.' },
        { name: 'navigator', message: 'Backend selection lives in workers/.' },
        { name: 'localStorage', message: 'src/core has no storage.' },
        { name: 'process', message: 'src/core runs in workers too: no process.' },
      ],
    },
  },
);
