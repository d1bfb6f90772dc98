import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Runs `npm run setup-token` against a data directory and returns the printed link. */
export async function runSetupTokenCommand(dataDir: string, args: string[]) {
  const { stdout } = await run('npm', ['run', '-s', 'setup-token', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, npm_config_loglevel: 'error' },
  })
  const link = stdout.match(/\S+\/setup\/([a-z2-7]+)/)
  if (!link?.[1]) throw new Error(`no setup link in: ${stdout}`)
  return { link: link[0], token: link[1], stdout }
}
