/** A tiny cookie-keeping client for API tests, speaking JSON like the web app does. */
export function createClient(baseUrl: string, defaults: { origin?: string } = {}) {
  const cookies = new Map<string, string>()
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(defaults.origin && { origin: defaults.origin }),
        ...(cookies.size > 0 && {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (!name) continue
      const text = value.join('=')
      if (text === '' || /max-age=0/i.test(line)) cookies.delete(name.trim())
      else cookies.set(name.trim(), text)
    }
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: response.status, headers: response.headers, text, json: json as any }
  }
  return {
    cookies,
    request,
    get: (path: string, headers?: Record<string, string>) =>
      request('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', path, body, headers),
  }
}
