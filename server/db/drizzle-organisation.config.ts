import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  casing: 'snake_case',
  schema: './schema/db/organisation.ts',
  out: './server/db/migrations/organisation',
})
