import { expect, test } from 'vitest'
import { SyncHub } from '#sync/server/sync-hub'

test('a stream that unsubscribes twice does not silence the streams opened after it', () => {
  const hub = new SyncHub()
  const heard: string[] = []
  const unsubscribeOld = hub.subscribe('org', () => heard.push('old'))
  // The old stream ends (onAbort), a new one opens, then the old one's loop ends too.
  unsubscribeOld()
  hub.subscribe('org', () => heard.push('new'))
  unsubscribeOld()
  hub.notify('org')
  expect(heard).toEqual(['new'])
  expect(hub.listenerCount).toBe(1)
})
