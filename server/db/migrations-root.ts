import { fileURLToPath } from 'node:url'

/**
 * The migrations' folder: server/db/migrations from the source, dist/migrations beside the
 * built chunks (vite.server.config.ts copies it there). This module's own place says which,
 * so every engine's migrator asks it, wherever its own module ends up.
 */
export const MIGRATIONS_ROOT = fileURLToPath(new URL('./migrations/', import.meta.url))
