// The in-memory limiter on its own: the package's index loads every store it supports
// (Redis, Mongo, SQL, …), none of them used, into every server's memory (decision 009).
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible'
  export default RateLimiterMemory
}
