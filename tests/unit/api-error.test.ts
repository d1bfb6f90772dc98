import { describe, expect, test } from 'vitest'
import { ApiError } from '#web/lib/api-error.ts'
import { describeError, getServerMessage } from '#web/lib/server-message.ts'

describe('ApiError reads the error body once', () => {
  test('a refusal with message, errors and code', () => {
    const body = JSON.stringify({
      message: 'name: Verplicht',
      errors: [{ path: ['name'] }],
      code: 'x',
    })
    const error = new ApiError(400, body)
    expect(error.message).toBe(`400: ${body}`)
    expect(error.serverMessage).toBe('name: Verplicht')
    expect(error.errors).toEqual([{ path: ['name'] }])
    expect(error.code).toBe('x')
    expect(getServerMessage(error)).toBe('name: Verplicht')
  })

  test('a body that is not the server JSON has no server message', () => {
    for (const body of ['Bad Gateway', '<html></html>', '[1]', '{"message":""}', '{"message":3}']) {
      const error = new ApiError(502, body)
      expect(error.serverMessage).toBeUndefined()
      expect(describeError(error, 'Mislukt')).toBe('Mislukt')
    }
  })

  test('a sync call error carries its body in its text', () => {
    const error = new Error('403: {"message":"Geen toegang"}')
    expect(getServerMessage(error)).toBe('Geen toegang')
  })
})
