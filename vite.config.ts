/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/static'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^#schema\/(.*)$/, replacement: `${fromRoot('./schema')}/$1.ts` },
      { find: /^#sync\/(.*)$/, replacement: `${fromRoot('./sync')}/$1.ts` },
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    root: fromRoot('.'),
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
})
