import { fork } from 'node:child_process'
import path from 'node:path'
import type { Command, LoadOrganisation, Reply } from './messages.ts'

// The bench's side of the load generator (generator.ts): forks it, tells it where the
// server is and who writes, and sends it one command at a time over IPC.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A load generator in a process of its own, speaking to the server at `url`. */
export async function startLoadGenerator(url: string, organisations: LoadOrganisation[]) {
  const generator = fork(path.join(import.meta.dirname, 'generator.ts'), {
    execArgv: ['--import', 'tsx'],
    // Structured clone, so that a figure without samples (NaN) stays NaN.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (error: Error) => void }
  >()
  let nextId = 0
  generator.on('message', (message: { id?: number; reply?: Reply }) => {
    if (message.id !== undefined && message.reply) waiting.get(message.id)?.resolve(message.reply)
  })
  generator.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`generator exited with ${code}`))
  })
  await new Promise<void>((resolve, reject) => {
    generator.once('message', () => resolve())
    generator.once('exit', (code) => reject(new Error(`generator exited with ${code}`)))
    generator.send({ type: 'start', url, organisations })
  })
  return {
    /** Sends one command and waits for its reply, which must be of `type`. */
    async ask<Type extends Reply['type']>(command: Command, type: Type) {
      const id = nextId++
      const reply = await new Promise<Reply>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        generator.send({ id, command })
      })
      waiting.delete(id)
      if (reply.type !== type) throw new Error(`${command.type}: ${JSON.stringify(reply)}`)
      return reply as Extract<Reply, { type: Type }>
    },
    /** Ends it by closing the channel (every stream closes with it); SIGKILL after 10 s. */
    async close() {
      if (generator.connected) {
        const exited = new Promise((resolve) => generator.once('exit', resolve))
        generator.disconnect()
        await Promise.race([exited, sleep(10_000)])
      }
      if (generator.exitCode === null && generator.signalCode === null) generator.kill('SIGKILL')
    },
  }
}

/** What startLoadGenerator resolves with. */
export type LoadGenerator = Awaited<ReturnType<typeof startLoadGenerator>>
