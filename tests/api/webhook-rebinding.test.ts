import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isPublicAddress } from '#server/integrations/is-public-address'
import { createWebhookDispatcher, postLead } from '#server/jobs/post-lead'

let receiver: http.Server
let port: number
let received = 0

beforeAll(async () => {
  receiver = http.createServer((_request, response) => {
    received++
    response.end('{"id":"secret-from-inside"}')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

test.each([
  ['127.0.0.1'],
  ['10.1.2.3'],
  ['192.168.1.1'],
  ['169.254.169.254'],
  ['198.18.0.1'],
  ['198.19.255.1'],
  ['240.0.0.1'],
  ['255.255.255.255'],
  ['::1'],
  ['::ffff:127.0.0.1'],
  ['64:ff9b::7f00:1'],
  ['2002:7f00:1::'],
  ['2001:0:4136:e378::1'],
  ['fd00::1'],
  ['fe80::1'],
])('%s is not public', (address) => {
  expect(isPublicAddress(address)).toBe(false)
})

test.each([['93.184.216.34'], ['8.8.8.8'], ['2606:4700:4700::1111']])('%s is public', (address) => {
  expect(isPublicAddress(address)).toBe(true)
})

test('a name that resolves to loopback at connect time never reaches loopback', async () => {
  // A rebinding resolver: whatever a check asked before, the connection's own lookup is
  // answered with 127.0.0.1, where a service listens.
  let lookups = 0
  const rebinding = ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) => {
    lookups++
    callback(null, [{ address: '127.0.0.1', family: 4 }])
  }) as never
  const dispatcher = createWebhookDispatcher(false, rebinding)
  const outcome = await postLead(dispatcher, `http://crm.rebind.test:${port}/hook`, 'key', 'o1', {})
  await dispatcher.close()
  expect(outcome).toEqual({
    kind: 'failed',
    error: 'Webhook-adres is niet publiek bereikbaar (geweigerd)',
  })
  expect(lookups).toBeGreaterThan(0)
  expect(received).toBe(0)
})

test('with private webhooks allowed (local setups), loopback is reached', async () => {
  const dispatcher = createWebhookDispatcher(true)
  const outcome = await postLead(dispatcher, `http://127.0.0.1:${port}/hook`, null, 'o2', {})
  await dispatcher.close()
  expect(outcome).toEqual({ kind: 'delivered', opportunityId: 'secret-from-inside' })
})
