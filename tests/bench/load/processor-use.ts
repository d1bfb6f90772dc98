import { readFileSync } from 'node:fs'
import type { LoadFigures } from './messages.ts'

// Processor use over a run of the load generator, for the table's cpu column.

/** Processor time every process of the machine used so far, in seconds (/proc/stat). */
export function readMachineCpuSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100
}

/**
 * Awaits a run and adds the processor use over it (% of one core): the server's (the sum
 * of its processes'), and every other process's but the generator's (the machine is
 * shared: other people's work competes with the server for its two cores).
 */
export async function withServerCpu<Answer extends { figures: LoadFigures }>(
  servers: { cpuSeconds(): number }[],
  asking: Promise<Answer>,
) {
  const serverSeconds = () => servers.reduce((sum, server) => sum + server.cpuSeconds(), 0)
  const server0 = serverSeconds()
  const machine0 = readMachineCpuSeconds()
  const started = performance.now()
  const answer = await asking
  const seconds = (performance.now() - started) / 1000
  const { figures } = answer
  figures.serverCpuPercent = ((serverSeconds() - server0) / seconds) * 100
  const machinePercent = ((readMachineCpuSeconds() - machine0) / seconds) * 100
  figures.othersCpuPercent = machinePercent - figures.serverCpuPercent - figures.generatorCpuPercent
  return answer
}
