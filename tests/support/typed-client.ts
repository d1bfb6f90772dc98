import { hc } from 'hono/client'
import type { AppType } from '#server/app'
import type { AppErrorCode } from '#server/errors/app-error'

/**
 * The API as the web app calls it (`hc<AppType>`), under a test client's session cookies
 * (createClient's `cookies`): answers typed from the server's routes, `/api` included.
 */
export function typedClient(baseUrl: string, cookies: ReadonlyMap<string, string>) {
  return hc<AppType>(baseUrl, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, {
        ...init,
        headers: {
          ...Object.fromEntries(new Headers(init?.headers)),
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      }),
  }).api
}

/**
 * The typed API's shape: tests that read an answer through the plain client take its type
 * from here (`InferResponseType<TypedApi['users']['$get'], 200>`), so a changed answer
 * breaks them at compile time.
 */
export type TypedApi = ReturnType<typeof typedClient>

/**
 * The server's refusal as server/http/handle-error.ts writes it: tests that send what the
 * typed client refuses (malformed bodies, attacks) read the error answer as this, not any.
 */
export type ErrorAnswer = {
  message: string
  errors?: { path: string; message: string }[]
  code: AppErrorCode
}
