/** A line logger that never writes secrets: callers pass no bodies, tokens or cookies. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

// Setup, reset and address-confirmation links carry their token in the path; a log line shows the route instead.
const SECRET_PATHS = /\/(setup|reset-password|confirm-email|confirm)\/[^/?#]+/g

/** Removes tokens from a request path before it is logged. */
export function redactPath(path: string) {
  return path.split('?')[0]?.replace(SECRET_PATHS, '/$1/:token') ?? path
}

/** A logger printing one line per event, at the given level. */
export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  const write = (stream: NodeJS.WriteStream, message: string, fields?: Record<string, unknown>) => {
    const extra = fields ? ` ${JSON.stringify(fields, replaceErrors)}` : ''
    stream.write(`${new Date().toISOString()} ${message}${extra}\n`)
  }
  return {
    info: (message, fields) => level === 'info' && write(process.stdout, message, fields),
    error: (message, fields) => level !== 'silent' && write(process.stderr, message, fields),
  }
}

function replaceErrors(_key: string, value: unknown) {
  return value instanceof Error
    ? { name: value.name, message: value.message, stack: value.stack }
    : value
}
