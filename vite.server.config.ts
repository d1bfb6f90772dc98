import { cpSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { describeBuild } from './server/describe-build.ts'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The server as plain JavaScript for `npm start` (`npm run dev` keeps tsx): dist/server.js
// and the heavy-work worker thread's entry dist/heavy-worker.js (their shared code in
// chunks beside them), beside dist/web: the paths the server finds by `import.meta.url`
// (../dist/web, ./migrations/) mean the same from there as from server/. Packages stay
// in node_modules (better-sqlite3 and argon2 are native).
export default defineConfig({
  publicDir: false,
  // GET /api/health's version: the same as the web app's built with it (vite.config.ts).
  define: { __CENTRAAL_BUILD__: JSON.stringify(describeBuild()) },
  resolve: {
    alias: [
      { find: /^#schema\/(.*)$/, replacement: `${fromRoot('./schema')}/$1.ts` },
      { find: /^#server\/(.*)$/, replacement: `${fromRoot('./server')}/$1.ts` },
      { find: /^#sync\/(.*)$/, replacement: `${fromRoot('./sync')}/$1.ts` },
    ],
  },
  // date-fns is bundled, so only the functions used come along: its index would load
  // every one of them (about 19 MB of an idle server's memory).
  ssr: { noExternal: ['date-fns'] },
  build: {
    ssr: true,
    outDir: fromRoot('./dist'),
    emptyOutDir: false,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        server: fromRoot('./server/start.ts'),
        // Loaded by heavy-work-pool.ts as ./heavy-worker.js beside the chunk it is in.
        'heavy-worker': fromRoot('./server/heavy-work/heavy-worker.ts'),
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'server-[name]-[hash].js' },
    },
  },
  plugins: [
    {
      name: 'copy-migrations',
      // Beside the chunks, wherever the build goes (the tests build into dist/test-server).
      writeBundle(output) {
        cpSync(
          fromRoot('./server/db/migrations'),
          `${output.dir ?? fromRoot('./dist')}/migrations`,
          {
            recursive: true,
          },
        )
      },
    },
  ],
})
