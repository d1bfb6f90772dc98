import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const run = promisify(execFile)

/**
 * Runs the setup-token command against a server's data (its data directory, and its
 * PostgreSQL system directory when it has one) and returns the printed link. As
 * `npm run setup-token` when `viaNpm` or where the server project's setup compiled nothing;
 * otherwise the compiled command (build-server.ts) under plain node: the same code, without
 * the 2 s of processor time npm and tsx take to start it.
 */
export async function runSetupTokenCommand(
  server: { dataDir: string; databaseUrl?: string },
  args: string[],
  options: { viaNpm?: boolean } = {},
) {
  const serverBuild = inject('serverBuild')
  const [command, commandArgs] =
    options.viaNpm || !serverBuild
      ? ['npm', ['run', '-s', 'setup-token', '--', ...args]]
      : [process.execPath, [path.join(serverBuild, 'setup-token.js'), ...args]]
  const { stdout } = await run(command, commandArgs, {
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      ...(server.databaseUrl && { DATABASE_URL: server.databaseUrl }),
      npm_config_loglevel: 'error',
    },
  })
  const link = stdout.match(/\S+\/setup\/([a-z2-7]+)/)
  if (!link?.[1]) throw new Error(`no setup link in: ${stdout}`)
  return { link: link[0], token: link[1], stdout }
}
