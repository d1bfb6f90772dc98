import { expect, test } from 'vitest'
import { LoginThrottle } from '#server/auth/login-throttle'

function createThrottle() {
  let now = 1_000_000
  const throttle = new LoginThrottle({ perAccount: 3, perIp: 5, windowMs: 60_000 }, () => now)
  return { throttle, advance: (ms: number) => (now += ms) }
}

test('blocks an account after its limit until the oldest failure leaves the window', () => {
  const { throttle, advance } = createThrottle()
  for (let i = 0; i < 3; i++) {
    expect(throttle.getRetryAfterSeconds('1.1.1.1', 'a@x')).toBe(0)
    throttle.recordFailure('1.1.1.1', 'a@x')
    advance(10_000)
  }
  expect(throttle.getRetryAfterSeconds('2.2.2.2', 'a@x')).toBe(30)
  advance(30_000)
  expect(throttle.getRetryAfterSeconds('2.2.2.2', 'a@x')).toBe(0)
})

test('blocks an IP that tries many accounts', () => {
  const { throttle } = createThrottle()
  for (let i = 0; i < 5; i++) throttle.recordFailure('1.1.1.1', `user${i}@x`)
  expect(throttle.getRetryAfterSeconds('1.1.1.1', 'fresh@x')).toBe(60)
  expect(throttle.getRetryAfterSeconds('9.9.9.9', 'fresh@x')).toBe(0)
})

test('a successful sign-in clears the account but not the IP', () => {
  const { throttle } = createThrottle()
  for (let i = 0; i < 5; i++) throttle.recordFailure('1.1.1.1', 'a@x')
  throttle.recordSuccess('a@x')
  expect(throttle.getRetryAfterSeconds('2.2.2.2', 'a@x')).toBe(0)
  expect(throttle.getRetryAfterSeconds('1.1.1.1', 'b@x')).toBeGreaterThan(0)
})
