import { defineConfig } from 'drizzle-kit'

// The system directory on PostgreSQL (DATABASE_URL, decision 047): its own schema and
// migrations, applied when it opens (server/system-directory/postgres-system-directory.ts).
export default defineConfig({
  dialect: 'postgresql',
  casing: 'snake_case',
  schema: './schema/db/system-pg.ts',
  out: './server/db/migrations/system-pg',
})
