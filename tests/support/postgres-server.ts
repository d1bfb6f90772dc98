import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { findFreePort } from './free-port.ts'

const run = promisify(execFile)

/**
 * The directory of PostgreSQL's server programs. Debian keeps initdb and postgres in
 * /usr/lib/postgresql/<version>/bin, off PATH (only its wrappers are on it); `POSTGRES_BIN`
 * names another. The newest installed version wins. Null when none is installed.
 */
export function findPostgresBin(): string | null {
  const candidates = [process.env.POSTGRES_BIN]
  const debianRoot = '/usr/lib/postgresql'
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')))
  }
  for (const dir of pathDirectories()) candidates.push(dir)
  return (
    candidates.find(
      (dir) =>
        dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')),
    ) ?? null
  )
}

function pathDirectories() {
  return (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
}

/**
 * The user the server runs as. PostgreSQL refuses to run as root ("root execution of the
 * PostgreSQL server is not permitted"), and the tests run as root on the CI machines: then
 * initdb and postgres are spawned as `nobody` (uid/gid from /etc/passwd), owning only the
 * temporary cluster's directory. As any other user they run as that user.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'))
  if (!line) throw new Error('running as root and no user nobody to run PostgreSQL as')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

export type PostgresServer = {
  /** postgres://…/<database> of a database made for the caller. */
  url: string
  /** Makes another empty database and returns its URL (one per test, when they must not share). */
  createDatabase(name: string): Promise<string>
  close(): Promise<void>
}

/**
 * A throwaway PostgreSQL cluster: initdb into a temporary directory, the server on a free
 * loopback port (its socket in that directory too), trust authentication on loopback only,
 * and fsync off (a test cluster outlives no crash). `close` stops it (fast shutdown) and
 * removes the directory. Throws when the programs are missing (findPostgresBin first).
 */
export async function startPostgresServer(database = 'centraal'): Promise<PostgresServer> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
  const user = serverUser()
  const dir = await mkdtemp(path.join(tmpdir(), 'centraal-pg-'))
  if (user) await chown(dir, user.uid, user.gid)
  const dataDir = path.join(dir, 'data')
  const spawnOptions = { ...user, cwd: dir, env: { ...process.env, LC_ALL: 'C' } }
  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    spawnOptions,
  )
  const port = await findFreePort()
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      ...['-D', dataDir, '-p', String(port), '-k', dir],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    ],
    { ...spawnOptions, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await waitUntilReady(child)
  } catch (error) {
    child.kill('SIGINT')
    await stopped
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`
  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
    const admin = new pg.Client({ connectionString: urlOf('postgres') })
    await admin.connect()
    try {
      await admin.query(`create database ${name}`)
    } finally {
      await admin.end()
    }
    return urlOf(name)
  }
  return {
    url: await createDatabase(database),
    createDatabase,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGINT')
      await stopped
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** Resolves at the server's "ready to accept connections" line (its log goes to stderr). */
function waitUntilReady(child: ChildProcess) {
  return new Promise<void>((resolve, reject) => {
    let output = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready to accept connections')) resolve()
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`postgres exited with ${code}: ${output}`)))
  })
}
