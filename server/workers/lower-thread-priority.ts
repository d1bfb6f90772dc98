import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/** A nice value: the scheduler gives this thread what the request thread leaves over. */
export const HEAVY_WORK_NICE = 10

/**
 * Lowers the priority of the calling thread only (on Linux, where every thread is its own
 * schedulable task with its own nice value, found at /proc/thread-self), so that a heavy
 * job never takes a core the request thread wants. Elsewhere it does nothing: the job
 * runs at the process's priority, as before. Returns the thread's nice value, or
 * undefined where it could not be set.
 */
export function lowerThreadPriority(nice = HEAVY_WORK_NICE): number | undefined {
  let threadId: number
  try {
    // "<pid>/task/<tid>"
    threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1))
  } catch {
    return undefined
  }
  if (!Number.isInteger(threadId) || threadId <= 0) return undefined
  try {
    setPriority(threadId, Math.max(getPriority(threadId), nice))
    return getPriority(threadId)
  } catch {
    return undefined
  }
}
