import { statSync } from 'node:fs'
import { Device } from './device.ts'
import {
  countAll,
  countErrorKinds,
  startCpu,
  subtractKinds,
  summarise,
  waitForDevices,
} from './figures.ts'
import { closeConnections, resent, sendFile } from './load-http.ts'
import type { Command, LoadOrganisation, Reply, Start } from './messages.ts'
import { type Write, writeAtRate, writeSale } from './writers.ts'

// The load generator, in a process of its own (forked by sync-load.bench.ts): devices
// with open sales streams and writers registering sales, speaking plain HTTP and SSE to
// the server in its own process. It imports nothing of the product. The bench sends
// commands over IPC, one at a time, and gets one reply per command.

const OPEN_BATCH = 50
const DRAIN_MS = 60_000

let url = ''
let organisations: LoadOrganisation[] = []
const groups = new Map<string, Device[]>()
/** Every write of the last rate run, for an audit. */
let lastWritten: Write[] = []

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const devicesOf = (group: string) => groups.get(group) ?? []
const organisationsOf = (ids: string[]) =>
  organisations.filter((organisation) => ids.includes(organisation.id))

async function open(command: Extract<Command, { type: 'open' }>): Promise<Reply> {
  const started = performance.now()
  const devices = command.devices.map(
    (account) => new Device(account.organisationId, url, account.salesCookie),
  )
  groups.set(command.group, [...devicesOf(command.group), ...devices])
  // In batches: a first sync of every device at the same instant says little.
  for (let at = 0; at < devices.length; at += OPEN_BATCH) {
    await Promise.all(devices.slice(at, at + OPEN_BATCH).map((device) => device.open()))
  }
  return {
    type: 'opened',
    devices: devices.length,
    seconds: (performance.now() - started) / 1000,
    pulls: countAll(devices, 'pulls'),
    errors: countAll(devices, 'errors'),
  }
}

/** Waits until no device of the group has pulled for `quietMs` (at most a minute). */
async function settle(group: string, quietMs: number): Promise<Reply> {
  const devices = devicesOf(group)
  const until = performance.now() + 60_000
  let quietSince = performance.now()
  let pulls = countAll(devices, 'pulls')
  while (performance.now() - quietSince < quietMs && performance.now() < until) {
    await sleep(100)
    const now = countAll(devices, 'pulls')
    if (now !== pulls || devices.some((device) => !device.isIdle)) {
      pulls = now
      quietSince = performance.now()
    }
  }
  return { type: 'settled', pulls }
}

/** Counters of the devices, read at one moment, for the difference a run made. */
function readCounters(devices: Device[]) {
  return {
    pulls: countAll(devices, 'pulls'),
    errors: countAll(devices, 'errors'),
    changeMessages: countAll(devices, 'changeMessages'),
    errorKinds: countErrorKinds(devices),
    resent: resent.count,
  }
}

/** The device counters a run added, as summarise takes them. */
function counted(from: ReturnType<typeof readCounters>, to: ReturnType<typeof readCounters>) {
  return {
    deviceErrorKinds: subtractKinds(to.errorKinds, from.errorKinds),
    resent: to.resent - from.resent,
  }
}

async function run(command: Extract<Command, { type: 'run' }>): Promise<Reply> {
  const devices = devicesOf(command.group)
  const atStart = readCounters(devices)
  const cpuFrom = startCpu()
  const started = performance.now()
  const measureFrom = started + command.warmupSeconds * 1000
  const endAt = measureFrom + command.seconds * 1000
  let atMeasure = atStart
  const marking = setTimeout(() => {
    atMeasure = readCounters(devices)
  }, command.warmupSeconds * 1000)
  const written = await writeAtRate(
    url,
    organisationsOf(command.organisationIds),
    command.rate,
    () => performance.now() >= endAt,
  )
  clearTimeout(marking)
  lastWritten = written
  await waitForDevices(devices, written, DRAIN_MS)
  const atEnd = readCounters(devices)
  const figures = summarise({
    rate: command.rate,
    seconds: command.seconds,
    measured: written.filter((write) => write.startedAt >= measureFrom),
    written,
    devices,
    pulls: atEnd.pulls - atMeasure.pulls,
    changeMessages: atEnd.changeMessages - atMeasure.changeMessages,
    ...counted(atStart, atEnd),
    cpuFrom,
  })
  return { type: 'figures', figures }
}

async function writeEach(command: Extract<Command, { type: 'write-each' }>): Promise<Reply> {
  const devices = devicesOf(command.group)
  const before = readCounters(devices)
  const cpuFrom = startCpu()
  const written = await Promise.all(
    organisationsOf(command.organisationIds).map((organisation) => writeSale(url, organisation)),
  )
  await waitForDevices(devices, written, DRAIN_MS)
  const after = readCounters(devices)
  const figures = summarise({
    rate: 0,
    seconds: 1,
    measured: written,
    written,
    devices,
    pulls: after.pulls - before.pulls,
    changeMessages: after.changeMessages - before.changeMessages,
    ...counted(before, after),
    cpuFrom,
  })
  return { type: 'figures', figures }
}

/** Writes at the rate; after the warm-up one organisation restores a backup meanwhile. */
async function restoreBeside(command: Extract<Command, { type: 'restore-beside' }>) {
  const devices = devicesOf(command.group)
  const atStart = readCounters(devices)
  const cpuFrom = startCpu()
  const started = performance.now()
  let restore:
    | { startedAt: number; sentAt?: number; endedAt?: number; status: number; text: string }
    | undefined
  const restoring = sleep(command.warmupSeconds * 1000).then(async () => {
    const startedAt = performance.now()
    restore = { startedAt, status: 0, text: '' }
    const answer = await sendFile(
      `${url}/api/admin/restore`,
      command.restore.cookie,
      command.restore.file,
    ).catch((error: Error) => ({ status: 0, text: error.message, sentAt: undefined }))
    restore = { startedAt, endedAt: performance.now(), ...answer }
  })
  const minEnd = started + (command.warmupSeconds + command.minSeconds) * 1000
  const written = await writeAtRate(
    url,
    organisationsOf(command.organisationIds),
    command.rate,
    () => restore?.endedAt !== undefined && performance.now() >= minEnd,
  )
  await restoring
  await waitForDevices(devices, written, DRAIN_MS)
  const atEnd = readCounters(devices)
  const { startedAt, sentAt, endedAt = startedAt, status, text } = restore!
  const during = written.filter(
    (write) => write.startedAt >= startedAt && write.startedAt <= endedAt,
  )
  const figures = summarise({
    rate: command.rate,
    seconds: Math.max(0.001, (endedAt - startedAt) / 1000),
    measured: during,
    written,
    devices,
    pulls: atEnd.pulls - atStart.pulls,
    changeMessages: atEnd.changeMessages - atStart.changeMessages,
    ...counted(atStart, atEnd),
    cpuFrom,
  })
  return {
    type: 'restore-figures',
    figures,
    restoreSeconds: (endedAt - startedAt) / 1000,
    uploadSeconds: sentAt === undefined ? Number.NaN : (sentAt - startedAt) / 1000,
    fileMb: statSync(command.restore.file).size / 1024 / 1024,
    restoreStatus: status,
    restoreAnswer: text.slice(0, 300),
  } satisfies Reply
}

async function audit(command: Extract<Command, { type: 'audit' }>): Promise<Reply> {
  const readers = organisations.flatMap(({ id }) => {
    const device = devicesOf(command.group).find((candidate) => candidate.organisationId === id)
    return device ? [new Device(id, url, device.salesCookie)] : []
  })
  // A fresh device pulls everything when it opens: what the server holds now.
  await Promise.all(readers.map((reader) => reader.open()))
  for (const reader of readers) reader.close()
  const holds = (write: Write) =>
    readers.find((reader) => reader.organisationId === write.organisationId)?.sales.has(write.id!)
  const answered = lastWritten.filter((write) => write.id !== undefined)
  const epochOf = (at: number) => performance.timeOrigin + at
  const answeredAgainAt: Record<string, number | null> = {}
  const failedSince: Record<string, Record<string, number>> = {}
  for (const { id } of organisations) {
    const since = lastWritten.filter(
      (write) => write.organisationId === id && epochOf(write.startedAt) >= command.since,
    )
    const answers = since
      .filter((write) => write.id !== undefined)
      .map((write) => epochOf(write.startedAt + write.durationMs))
    answeredAgainAt[id] = answers.length > 0 ? Math.min(...answers) : null
    const kinds: Record<string, number> = {}
    for (const { failure } of since) if (failure) kinds[failure] = (kinds[failure] ?? 0) + 1
    failedSince[id] = kinds
  }
  return {
    type: 'audited',
    answered: answered.length,
    lost: answered
      .filter((write) => !holds(write))
      .map((write) => `${write.organisationId}/${write.id}`),
    answeredAgainAt,
    failedSince,
  }
}

function close(group: string): Reply {
  for (const device of devicesOf(group)) device.close()
  groups.delete(group)
  return { type: 'closed' }
}

function perform(command: Command): Promise<Reply> | Reply {
  switch (command.type) {
    case 'open':
      return open(command)
    case 'close':
      return close(command.group)
    case 'settle':
      return settle(command.group, command.quietMs)
    case 'run':
      return run(command)
    case 'write-each':
      return writeEach(command)
    case 'restore-beside':
      return restoreBeside(command)
    case 'audit':
      return audit(command)
  }
}

process.on('message', async (message: Start | { id: number; command: Command }) => {
  if ('type' in message) {
    url = message.url
    organisations = message.organisations
    process.send?.({ type: 'ready' })
    return
  }
  let reply: Reply
  try {
    reply = await perform(message.command)
  } catch (error) {
    reply = { type: 'failed', message: (error as Error).stack ?? String(error) }
  }
  process.send?.({ id: message.id, reply })
})

// The bench ends the generator by closing the channel; every stream closes with it.
process.on('disconnect', () => {
  for (const group of groups.keys()) close(group)
  closeConnections()
  process.exit(0)
})
