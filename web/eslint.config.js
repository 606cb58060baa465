import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import tseslint from 'typescript-eslint'

// Each folder in src/features is one capability. A feature may import from
// src/components and src/lib, never from another feature or from src/app
// (the app layer composes features, not the other way round).
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureBoundaries = features.map((feature) => {
  const others = features.filter((name) => name !== feature).join('|')
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `features/${feature} must not import another feature; move shared code to src/components or src/lib.`,
            },
            ...(others
              ? [
                  {
                    regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
                    message: `features/${feature} must not import another feature; move shared code to src/components or src/lib.`,
                  },
                ]
              : []),
            {
              regex: '^(@/app|(\\.\\./)+app)(/|$)',
              message: 'Features must not import from src/app.',
            },
          ],
        },
      ],
    },
  }
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api-types.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/(features|app)|(\\.\\./)+(features|app))(/|$)',
              message: 'Shared layers (components, lib) must not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['*.{js,mjs}', 'scripts/**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
)
