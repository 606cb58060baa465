/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { importerPreloads } from './build/importer-preloads'
import { textsSections } from './build/texts-sections'

const preloads = importerPreloads()

const backend = process.env.LONGHAUL_BACKEND_URL ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [
    textsSections(fileURLToPath(new URL('../contracts/texts.json', import.meta.url))),
    react(),
    tailwindcss(),
    preloads.plugin,
  ],
  resolve: {
    alias: {
      '@contracts': fileURLToPath(new URL('../contracts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    // contracts/ lives one level up and is imported by the app.
    fs: { allow: ['..'] },
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/dev': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/check-bundle.mjs to sum the landing page's JavaScript.
    manifest: true,
    modulePreload: preloads.modulePreload,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // userEvent typing through a whole form in jsdom takes seconds on CI's two
    // busy cores: the 5 s default failed such a test when a build ran beside it.
    testTimeout: 15_000,
  },
})
