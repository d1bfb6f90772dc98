import type { InferResponseType } from 'hono/client'
import type { TypedApi } from './typed-client.ts'

// Answers many API tests read, typed from their routes once here: a changed answer breaks
// every test that reads it at compile time.

/** POST /api/gold-estates/projects. */
export type Project = InferResponseType<TypedApi['gold-estates']['projects']['$post'], 201>

/** POST /api/gold-estates/sellers. */
export type Seller = InferResponseType<TypedApi['gold-estates']['sellers']['$post'], 201>

/** POST /api/gold-estates/sellers/:id/login without mail: it answers the setup link. */
export type SellerLogin = Extract<
  InferResponseType<TypedApi['gold-estates']['sellers'][':id']['login']['$post'], 201>,
  { invited: false }
>

/** GET /api/sync/:version/:collection/pull. */
export type Pulled = InferResponseType<
  TypedApi['sync'][':version'][':collection']['pull']['$get'],
  200
>

/** GET /api/gold-estates/sales. */
export type Sales = InferResponseType<TypedApi['gold-estates']['sales']['$get'], 200>
