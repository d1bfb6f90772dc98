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
 * Every refusal's body (server/http/handle-error.ts): the message for a person, `errors`
 * for bad input (validate.ts: path and message each), the code for a program. Tests that
 * send what the typed client refuses read refusals through the plain client as this.
 */
export type ErrorAnswer = {
  message: string
  errors?: { path: string; message: string }[]
  code: AppErrorCode
}

/**
 * Any part of an answer, its fields spelled as the route's: the expected side of a
 * `toEqual`/`toMatchObject` (`{ … } satisfies PartOf<Answer>`) so that a renamed field fails
 * at compile time: the matchers take any expected value and check it only when run.
 */
export type PartOf<T> = T extends readonly (infer Item)[]
  ? PartOf<Item>[]
  : T extends object
    ? { [Key in keyof T]?: PartOf<T[Key]> }
    : T
