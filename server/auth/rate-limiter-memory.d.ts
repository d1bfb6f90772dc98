// The in-memory limiter on its own: the package's index loads every store it supports
// (Redis, Mongo, SQL, …), about 9 MB of a server's memory for none of them used.
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible'
  export default RateLimiterMemory
}
