import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * A Centraal server in its own process on DATA_DIR, for measurements that must not count
 * the test's own memory, and for several processes on one data directory. `settings`:
 * further environment settings (REDIS_URL, NODE_ID). Resolves once it listens.
 */
export async function startServerProcess(
  dataDir: string,
  options: {
    port?: number
    settings?: Record<string, string>
    /** Called with the new process's id at once, before it has started (a CPU quota group). */
    onSpawn?: (pid: number) => void
  } = {},
) {
  // A fixed port (and its public address) lets a browser page outlive a restart.
  const address = options.port
    ? { PORT: String(options.port), PUBLIC_URL: `http://127.0.0.1:${options.port}` }
    : { PORT: '0' }
  const serverBuild = inject('serverBuild')
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // SERVER_CPU_PROFILE_DIR: a V8 CPU profile of the server, written when it stops.
      ...(process.env.SERVER_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}`]
        : []),
      // Compiled by the server project's setup (build-server.ts); from source elsewhere.
      ...(serverBuild
        ? [path.join(serverBuild, 'server-process.js')]
        : ['--import', 'tsx', path.join(ROOT, 'tests/support/server-process-entry.ts')]),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...address,
        DATA_DIR: dataDir,
        TEST_WEB_ROOT: path.join(ROOT, 'dist/web'),
        LOG_LEVEL: 'error',
        ...options.settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  if (options.onSpawn && child.pid !== undefined) options.onSpawn(child.pid)
  let output = ''
  // The error log is shown as before, and kept to be asked.
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
    process.stderr.write(chunk)
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(/listening on (\d+)/)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
  })
  const pid = child.pid as number
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8')
  const megabytes = (field: string) =>
    Number(status().match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024
  return {
    url: `http://127.0.0.1:${port}`,
    /** The lines the process wrote to stdout (its info log, at LOG_LEVEL=info) that hold `text`. */
    linesWith: (text: string) => output.split('\n').filter((line) => line.includes(text)),
    /** The lines of its error log (stderr) that hold `text`. */
    errorLinesWith: (text: string) => errors.split('\n').filter((line) => line.includes(text)),
    /** Resident memory now, in MB. */
    residentMb: () => megabytes('VmRSS'),
    /** Processor time used so far (user and system), in seconds (Linux: /proc, 100 ticks a second). */
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      return (Number(fields[11]) + Number(fields[12])) / 100
    },
    /** Highest resident memory since the last reset, in MB. */
    peakMb: () => megabytes('VmHWM'),
    /** Linux: sets the high-water mark back to the current resident size. */
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
    /** Ends the process at once (SIGKILL), as a crash or a power cut would. */
    kill: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
