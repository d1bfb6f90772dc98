import type { TestServer } from './test-server.ts'

/**
 * From now on, each info line the server logs is also added to `lines` as
 * `message {fields as JSON}`, to check what the server's log lines carry.
 */
export function recordInfoLines(server: TestServer, lines: string[]) {
  const info = server.deps.log.info
  server.deps.log.info = (message, fields) => {
    lines.push(`${message} ${JSON.stringify(fields)}`)
    info(message, fields)
  }
}
