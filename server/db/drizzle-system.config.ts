import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  casing: 'snake_case',
  schema: './schema/db/system.ts',
  out: './server/db/migrations/system',
})
