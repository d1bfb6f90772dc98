// What the Google stand-in reads from requests: multipart/related upload bodies and the
// Drive query language (the clauses Centraal sends; anything else is refused, like Google).

/** A file in the stand-in's one Drive: what a query's clauses are matched against. */
export type StandInFile = {
  id: string
  name: string
  mimeType: string
  parents: string[]
  appProperties: Record<string, string>
  createdTime: string
  trashed: boolean
  content: Buffer<ArrayBufferLike>
}

/** The parts of a multipart/related body: their content type and raw bytes. */
export function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2]
  if (!boundary) throw new Error('no boundary')
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: { contentType: string; body: Buffer }[] = []
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const from = start + delimiter.length
    if (body.subarray(from, from + 2).toString() === '--') break
    const end = body.indexOf(delimiter, from)
    if (end === -1) throw new Error('unterminated part')
    const raw = body.subarray(from, end)
    const headerEnd = raw.indexOf('\r\n\r\n')
    const headers = raw.subarray(0, headerEnd).toString()
    let content = raw.subarray(headerEnd + 4)
    if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2)
    parts.push({
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '',
      body: content,
    })
    start = end
  }
  return parts
}

/** Splits a Drive query at top-level ' and ' (not inside quotes or braces). */
export function splitClauses(q: string): string[] {
  const clauses: string[] = []
  let depth = 0
  let inQuote = false
  let current = ''
  for (let i = 0; i < q.length; i++) {
    const char = q[i]
    if (char === '\\' && inQuote) {
      current += char + (q[i + 1] ?? '')
      i++
      continue
    }
    if (char === "'") inQuote = !inQuote
    if (!inQuote && char === '{') depth++
    if (!inQuote && char === '}') depth--
    if (!inQuote && depth === 0 && q.startsWith(' and ', i)) {
      clauses.push(current.trim())
      current = ''
      i += 4
      continue
    }
    current += char
  }
  if (current.trim()) clauses.push(current.trim())
  return clauses
}

const STRING = String.raw`'((?:[^'\\]|\\.)*)'`
const unquote = (value: string) => value.replace(/\\(.)/g, '$1')

/** A predicate for one Drive query clause; throws for syntax Google would refuse or we lack. */
export function toPredicate(clause: string): (file: StandInFile) => boolean {
  let match = new RegExp(`^(name|mimeType) (=|!=) ${STRING}$`).exec(clause)
  if (match) {
    const [, field, op, raw] = match as unknown as [string, 'name' | 'mimeType', string, string]
    const value = unquote(raw)
    return (file) => (file[field] === value) === (op === '=')
  }
  match = /^trashed = (true|false)$/.exec(clause)
  if (match) {
    const wanted = match[1] === 'true'
    return (file) => file.trashed === wanted
  }
  match = new RegExp(`^${STRING} in parents$`).exec(clause)
  if (match) {
    const parent = unquote(match[1] ?? '')
    return (file) => file.parents.includes(parent)
  }
  match = new RegExp(`^appProperties has \\{ key=${STRING} and value=${STRING} \\}$`).exec(clause)
  if (match) {
    const key = unquote(match[1] ?? '')
    const value = unquote(match[2] ?? '')
    return (file) => file.appProperties[key] === value
  }
  match = new RegExp(`^createdTime (<|<=|>|>=) ${STRING}$`).exec(clause)
  if (match) {
    const op = match[1]
    const time = Date.parse(unquote(match[2] ?? ''))
    if (Number.isNaN(time)) throw new Error(`bad time in ${clause}`)
    return (file) => {
      const created = Date.parse(file.createdTime)
      if (op === '<') return created < time
      if (op === '<=') return created <= time
      if (op === '>') return created > time
      return created >= time
    }
  }
  throw new Error(`unsupported query clause: ${clause}`)
}
