// oidc-provider ships no types; this declares the part the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AccountClaims = { sub: string; [claim: string]: unknown }

  export type Account = { accountId: string; claims(): Promise<AccountClaims> | AccountClaims }

  export type Configuration = {
    clients: Array<Record<string, unknown>>
    findAccount(ctx: unknown, sub: string): Promise<Account | undefined> | Account | undefined
    [setting: string]: unknown
  }

  export type Interaction = {
    uid: string
    prompt: { name: string }
    params: { client_id: string; scope?: string; [param: string]: unknown }
  }

  export type InteractionResult =
    | { login?: { accountId: string }; consent?: { grantId: string } }
    | { error: string; error_description?: string }

  class Grant {
    constructor(init: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly Grant: typeof Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
