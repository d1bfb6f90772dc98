import { describeFailure, openEventStream, send } from './load-http.ts'

// One device as the web app replicates `sales`: an open sales event stream and a copy of
// the collection, kept by pulls (today's protocol) or by the documents the stream carries
// (the new one). Which one the server speaks is read from its messages, so the same
// device measures both: it asks for documents (`documents=1`), which an older server
// ignores, sending CHANGE as before.

const PAGE = 1000
const RECONNECT_MS = 500
const RETRY_MS = 250

type WireDocument = { id: string; seq: number; _deleted: boolean }
type PullPage = {
  documents: WireDocument[]
  checkpoint: { seq: number; access: string }
  upTo?: number
}
type StreamMessage =
  | { type: 'RESYNC' }
  | { type: 'CHANGE'; collections: string[] }
  | {
      type: 'CHANGES'
      from: number
      to: number
      documents: Record<string, WireDocument[] | undefined>
    }

export class Device {
  readonly sales = new Map<string, WireDocument>()
  /** When (performance.now()) each sale first reached this device. */
  readonly seenAt = new Map<string, number>()
  pulls = 0
  errors = 0
  /** The errors by kind ("pull 500", "stream ended"). */
  readonly errorKinds = new Map<string, number>()
  /** Messages that said something changed (CHANGE or CHANGES). */
  changeMessages = 0
  #checkpoint = 0
  #access: string | undefined
  /** Up to which seq the copy is known complete (new protocol); undefined until a short page. */
  #completeTo: number | undefined
  #isPulling = false
  #isPullWanted = false
  #isClosed = false
  #stream: ReturnType<typeof openEventStream> | undefined
  #synced: (() => void) | undefined

  constructor(
    readonly organisationId: string,
    readonly url: string,
    readonly salesCookie: string,
  ) {}

  /** Opens the stream; resolves once the first pull after its RESYNC has ended. */
  open() {
    const synced = new Promise<void>((resolve) => {
      this.#synced = resolve
    })
    this.#connect()
    return synced
  }

  close() {
    this.#isClosed = true
    this.#stream?.close()
  }

  get isIdle() {
    return !this.#isPulling && !this.#isPullWanted
  }

  #connect() {
    if (this.#isClosed) return
    this.#stream = openEventStream(
      `${this.url}/api/sync/v1/stream?area=sales&documents=1`,
      this.salesCookie,
      {
        onMessage: (message) => this.#receive(message as StreamMessage),
        onEnd: (reason) => {
          // Dropped by the server: counted, and opened again as EventSource would.
          this.#countError(`stream ${reason}`)
          setTimeout(() => this.#connect(), RECONNECT_MS)
        },
      },
    )
  }

  #receive(message: StreamMessage) {
    if (message.type === 'RESYNC') return this.#requestPull()
    if (message.type === 'CHANGE') {
      this.changeMessages++
      if (message.collections.includes('sales')) this.#requestPull()
      return
    }
    if (message.type === 'CHANGES') {
      this.changeMessages++
      if (this.#completeTo !== undefined && message.from <= this.#completeTo) {
        this.#store(message.documents.sales ?? [])
        this.#completeTo = Math.max(this.#completeTo, message.to)
      } else {
        this.#requestPull()
      }
    }
  }

  #store(documents: WireDocument[]) {
    const now = performance.now()
    for (const document of documents) {
      if (document._deleted) this.sales.delete(document.id)
      else this.sales.set(document.id, document)
      if (!this.seenAt.has(document.id)) this.seenAt.set(document.id, now)
    }
  }

  #countError(kind: string) {
    this.errors++
    this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1)
  }

  #requestPull() {
    this.#isPullWanted = true
    if (!this.#isPulling) void this.#pullWhileWanted()
  }

  /** Pulls until a short page, again as long as a message asked for it meanwhile. */
  async #pullWhileWanted() {
    this.#isPulling = true
    while (this.#isPullWanted && !this.#isClosed) {
      this.#isPullWanted = false
      try {
        await this.#pullToEnd()
      } catch (error) {
        this.#countError(`pull ${(error as { code?: string }).code ?? (error as Error).message}`)
        this.#isPullWanted = true
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
      }
    }
    this.#isPulling = false
    this.#synced?.()
    this.#synced = undefined
  }

  async #pullToEnd() {
    for (;;) {
      const access = this.#access ? `&access=${encodeURIComponent(this.#access)}` : ''
      this.pulls++
      const answer = await send(
        `${this.url}/api/sync/v1/sales/pull?checkpoint=${this.#checkpoint}&limit=${PAGE}${access}`,
        { cookie: this.salesCookie },
      )
      if (answer.status !== 200) throw new Error(describeFailure(answer))
      const page = JSON.parse(answer.text) as PullPage
      this.#store(page.documents)
      this.#checkpoint = page.checkpoint.seq
      this.#access = page.checkpoint.access
      if (page.documents.length < PAGE) {
        // An older server says no upTo: the checkpoint is then what the copy is complete to.
        const upTo = page.upTo ?? page.checkpoint.seq
        this.#completeTo = Math.max(this.#completeTo ?? 0, upTo)
        return
      }
    }
  }
}
