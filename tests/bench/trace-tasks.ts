// The page's main-thread tasks in a Chromium trace (DevTools protocol Tracing), between
// its navigation and a user-timing mark: how long each took unslowed, and what filled it.

/** A trace event as Chromium writes it (times in microseconds). */
export type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's own time in the event (Chromium's thread clock), when recorded. */
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown> & { data?: Record<string, unknown> }
}

/** The categories the tasks and their contents need. */
export const TASK_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
].join(',')

/** What a DevTools protocol session is asked here: Playwright's CDPSession has this shape. */
type TraceSession = {
  send(method: 'Tracing.start', params: Record<string, unknown>): Promise<unknown>
  send(method: 'Tracing.end'): Promise<unknown>
  send(
    method: 'IO.read',
    params: { handle: string },
  ): Promise<{ data: string; eof: boolean; base64Encoded?: boolean }>
  send(method: 'IO.close', params: { handle: string }): Promise<unknown>
  once(event: 'Tracing.tracingComplete', listener: (payload: { stream?: string }) => void): unknown
}

/**
 * Starts a trace of `categories` kept by the browser until `stop()`, which reads it whole.
 * Not reported while it runs (transferMode ReportEvents): sending the events to this process
 * as they come keeps the browser's main thread and this process busy during the very
 * visit the trace measures, on the same two processors (decision 041).
 */
export async function startTrace(session: TraceSession, categories = TASK_CATEGORIES) {
  await session.send('Tracing.start', {
    categories,
    transferMode: 'ReturnAsStream',
    streamFormat: 'json',
  })
  return async function stop(): Promise<TraceEvent[]> {
    const complete = new Promise<{ stream?: string }>((resolve) =>
      session.once('Tracing.tracingComplete', resolve),
    )
    await session.send('Tracing.end')
    const { stream } = await complete
    if (!stream) throw new Error('the trace came without its stream')
    const parts: string[] = []
    for (;;) {
      const { data, eof, base64Encoded } = await session.send('IO.read', { handle: stream })
      parts.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data)
      if (eof) break
    }
    await session.send('IO.close', { handle: stream })
    const trace = JSON.parse(parts.join('')) as { traceEvents: TraceEvent[] } | TraceEvent[]
    return Array.isArray(trace) ? trace : trace.traceEvents
  }
}

/** Lighthouse's mobile slowdown is four times; a task counts from 50 ms slowed on. */
export const BLOCKING_FROM_MS = 12.5

/**
 * A main-thread task: `durationMs` on the wall clock, as Lighthouse counts it; `threadMs`
 * the time the thread itself ran in it. On two shared processors the difference is the
 * time the thread waited for one (the browser's other processes, the test server).
 */
export type Task = { startMs: number; durationMs: number; threadMs: number; what: string }

/** What a task spent most of its time on: its longest direct pieces, named. */
function describe(task: TraceEvent, inside: TraceEvent[]) {
  const pieces = inside
    .filter((event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0))
    .filter((event) => NAMED.has(event.name))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 2)
  return pieces
    .map((event) => {
      const data = event.args?.data ?? {}
      const url = String(data.url ?? data.fileName ?? '').replace(/^https?:\/\/[^/]+/, '')
      const where = url ? ` ${url.replace('/assets/', '')}` : ''
      return `${event.name}${where} ${((event.dur ?? 0) / 1000).toFixed(0)} ms`
    })
    .join(', ')
}

const NAMED = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
  'EventDispatch',
  'XHRReadyStateChange',
  'v8.run',
])

/**
 * The renderer main thread that parsed `url`'s document, and its tasks from the
 * navigation (its first ParseHTML's task) until the first `mark` on that thread.
 */
export function tasksUntilMark(events: TraceEvent[], url: string, mark: string) {
  const parse = events.find(
    (event) =>
      event.name === 'ParseHTML' &&
      String((event.args?.beginData as { url?: string } | undefined)?.url ?? '').startsWith(url),
  )
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`)
  const thread = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid)
  const markEvent = events.find((event) => event.pid === parse.pid && event.name === mark)
  if (!markEvent) throw new Error(`no mark ${mark} in the trace`)
  // The document's own navigation: its frame's, on whichever process it began (a new
  // page's navigation can start in the renderer of about:blank). Failing that, the mark's
  // time origin. Not the process's first navigationStart: another frame's can come later.
  const frame = (parse.args?.beginData as { frame?: string } | undefined)?.frame
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.frame === frame,
  )
  const markStart = markEvent.args?.data?.startTime
  const origin = typeof markStart === 'number' ? markEvent.ts - markStart * 1000 : parse.ts
  const from = navigation?.ts ?? origin
  const until = markEvent.ts
  return { tasks: tasksWithin(thread, from, until), spanMs: (until - from) / 1000 }
}

/** A thread's tasks that overlap the span, timed from its start (trace microseconds in). */
function tasksWithin(thread: TraceEvent[], from: number, until: number): Task[] {
  return thread
    .filter((event) => event.name === 'RunTask' && event.ph === 'X')
    .filter((event) => event.ts + (event.dur ?? 0) > from && event.ts < until)
    .map((event) => ({
      startMs: (event.ts - from) / 1000,
      durationMs: (event.dur ?? 0) / 1000,
      threadMs: (event.tdur ?? event.dur ?? 0) / 1000,
      what: describe(event, thread),
    }))
}

/**
 * Longest task, tasks over 50 ms, and the part of each task over BLOCKING_FROM_MS summed;
 * the same two on the thread's own clock (`threadLongestMs`, `threadBlockingMs`).
 */
export function weigh(tasks: Task[]) {
  const blocking = (duration: (task: Task) => number) =>
    tasks.reduce((sum, task) => sum + Math.max(0, duration(task) - BLOCKING_FROM_MS), 0)
  return {
    longestMs: Math.max(0, ...tasks.map((task) => task.durationMs)),
    over50: tasks.filter((task) => task.durationMs > 50).length,
    blockingMs: blocking((task) => task.durationMs),
    threadLongestMs: Math.max(0, ...tasks.map((task) => task.threadMs)),
    threadBlockingMs: blocking((task) => task.threadMs),
  }
}

/** One thread's tasks within a span of a trace, with its name and busy time. */
export type ThreadTasks = { thread: string; busyMs: number; tasks: Task[] }

/**
 * Every thread's tasks between two user-timing marks (`from`'s first and `until`'s first),
 * on any process: the page's main thread, a shared or dedicated worker, the browser's IO.
 * Threads without a task of at least `minMs` in the span are left out.
 */
export function tasksBetweenMarks(events: TraceEvent[], from: string, until: string, minMs = 1) {
  const start = events.find((event) => event.name === from)?.ts
  const end = events.find((event) => event.name === until)?.ts
  if (start === undefined || end === undefined) throw new Error(`no marks ${from}, ${until}`)
  const names = new Map<string, string>()
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name') {
      names.set(`${event.pid}/${event.tid}`, String(event.args?.name ?? event.tid))
    }
  }
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    const key = `${event.pid}/${event.tid}`
    const thread = byThread.get(key)
    if (thread) thread.push(event)
    else byThread.set(key, [event])
  }
  const threads: ThreadTasks[] = []
  for (const [key, thread] of byThread) {
    const tasks = tasksWithin(thread, start, end)
    if (!tasks.some((task) => task.durationMs >= minMs)) continue
    const busyMs = tasks.reduce((sum, task) => sum + task.durationMs, 0)
    threads.push({ thread: names.get(key) ?? key, busyMs, tasks })
  }
  return { spanMs: (end - start) / 1000, threads: threads.sort((a, b) => b.busyMs - a.busyMs) }
}
