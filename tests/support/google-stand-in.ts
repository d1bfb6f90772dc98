import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  parseMultipart,
  type StandInFile,
  splitClauses,
  toPredicate,
} from './google-stand-in-parsing.ts'

// A local stand-in for Google's OAuth and Drive v3 endpoints: the real paths and JSON shapes
// (docs/architecture.md, External services), as much of them as Centraal uses, strict where Google is
// strict (client credentials, redirect URI, one-time codes, bearer tokens, query syntax).

type Grant = { refreshToken: string; scope: string; isRevoked: boolean }
type AccessToken = { grant: Grant; expiresAt: number }

const FOLDER = 'application/vnd.google-apps.folder'

function googleError(res: ServerResponse, code: number, message: string, status = 'ERROR') {
  sendJson(res, code, { error: { code, message, status, errors: [{ message, reason: status }] } })
}

/** Google's answer to a request without a valid access token. */
function refuseUnauthenticated(res: ServerResponse) {
  googleError(res, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED')
}

function sendJson(res: ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function toResource(file: StandInFile) {
  const { content: _content, ...resource } = file
  return { kind: 'drive#file', ...resource }
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startGoogleStandIn(options: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { redirectUri: string; scope: string }>()
  const grants = new Map<string, Grant>()
  const accessTokens = new Map<string, AccessToken>()
  const files = new Map<string, StandInFile>()

  const state = {
    /**
     * Every request: method, path, the grant type of a token request, performance.now() at
     * its arrival and at its answer.
     */
    requests: [] as {
      method: string
      path: string
      grantType?: string
      at: number
      answeredAt?: number
    }[],
    /** Set: uploads wait for it before they are answered (a long upload, held by the test). */
    uploadsHeld: undefined as Promise<void> | undefined,
    /** The query of the last consent-screen visit. */
    lastConsent: undefined as URLSearchParams | undefined,
    /** Set: the consent screen refuses (error=access_denied), as when someone clicks Cancel. */
    denyConsent: false,
    /** How long new access tokens live. */
    accessTokenSeconds: 3600,
    /** Uploads still to fail with this status (Infinity: all). */
    failingUploads: 0,
    failingUploadStatus: 500,
    /** Set: /revoke answers this status without revoking. */
    revokeFailureStatus: undefined as number | undefined,
  }

  function bearer(req: IncomingMessage): AccessToken | undefined {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const access = token ? accessTokens.get(token) : undefined
    if (!access || access.grant.isRevoked || access.expiresAt <= Date.now()) return undefined
    return access
  }

  function issueAccessToken(grant: Grant) {
    const token = `ya29.${randomUUID()}`
    accessTokens.set(token, { grant, expiresAt: Date.now() + state.accessTokenSeconds * 1000 })
    return token
  }

  function createFile(
    metadata: Partial<StandInFile>,
    content: Buffer<ArrayBufferLike> = Buffer.alloc(0),
  ): StandInFile {
    const file: StandInFile = {
      id: randomUUID().replaceAll('-', ''),
      name: metadata.name ?? 'Untitled',
      mimeType: metadata.mimeType ?? 'application/octet-stream',
      parents: metadata.parents ?? ['root'],
      appProperties: metadata.appProperties ?? {},
      createdTime: metadata.createdTime ?? new Date().toISOString(),
      trashed: metadata.trashed ?? false,
      content,
    }
    files.set(file.id, file)
    return file
  }

  async function handleToken(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req)).toString())
    const grantType = form.get('grant_type') ?? ''
    state.requests[state.requests.length - 1]!.grantType = grantType
    if (
      form.get('client_id') !== options.clientId ||
      form.get('client_secret') !== options.clientSecret
    ) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' })
    }
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      if (!code || code.redirectUri !== form.get('redirect_uri')) {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' })
      }
      const grant: Grant = {
        refreshToken: `1//${randomUUID()}`,
        scope: code.scope,
        isRevoked: false,
      }
      grants.set(grant.refreshToken, grant)
      return sendJson(res, 200, {
        access_token: issueAccessToken(grant),
        expires_in: state.accessTokenSeconds,
        refresh_token: grant.refreshToken,
        scope: grant.scope,
        token_type: 'Bearer',
      })
    }
    if (grantType === 'refresh_token') {
      const grant = grants.get(form.get('refresh_token') ?? '')
      if (!grant || grant.isRevoked) {
        return sendJson(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        })
      }
      // Like Google: a refresh answer carries no new refresh token.
      return sendJson(res, 200, {
        access_token: issueAccessToken(grant),
        expires_in: state.accessTokenSeconds,
        scope: grant.scope,
        token_type: 'Bearer',
      })
    }
    return sendJson(res, 400, { error: 'unsupported_grant_type' })
  }

  async function handleRevoke(req: IncomingMessage, res: ServerResponse, url: URL) {
    const token =
      url.searchParams.get('token') ??
      new URLSearchParams((await readBody(req)).toString()).get('token') ??
      ''
    if (state.revokeFailureStatus) {
      return sendJson(res, state.revokeFailureStatus, { error: 'invalid_token' })
    }
    const grant = grants.get(token) ?? accessTokens.get(token)?.grant
    if (!grant || grant.isRevoked) return sendJson(res, 400, { error: 'invalid_token' })
    grant.isRevoked = true
    return sendJson(res, 200, {})
  }

  async function handleDrive(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!bearer(req)) return refuseUnauthenticated(res)
    const filePath = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && url.pathname === '/drive/v3/files') {
      let predicates: ((file: StandInFile) => boolean)[]
      try {
        predicates = splitClauses(url.searchParams.get('q') ?? '').map(toPredicate)
      } catch (error) {
        return googleError(res, 400, `Invalid Value: ${(error as Error).message}`, 'invalid')
      }
      const matching = [...files.values()].filter((file) => predicates.every((test) => test(file)))
      const pageSize = Number(url.searchParams.get('pageSize') ?? 100)
      const offset = Number(url.searchParams.get('pageToken') ?? 0)
      const page = matching.slice(offset, offset + pageSize)
      const next = offset + pageSize < matching.length ? String(offset + pageSize) : undefined
      return sendJson(res, 200, {
        kind: 'drive#fileList',
        ...(next && { nextPageToken: next }),
        files: page.map(toResource),
      })
    }
    if (req.method === 'POST' && url.pathname === '/drive/v3/files') {
      const metadata = JSON.parse((await readBody(req)).toString() || '{}')
      return sendJson(res, 200, toResource(createFile(metadata)))
    }
    if (req.method === 'DELETE' && filePath) {
      const id = decodeURIComponent(filePath[1] ?? '')
      if (!files.delete(id)) return googleError(res, 404, `File not found: ${id}.`, 'notFound')
      res.writeHead(204).end()
      return
    }
    return googleError(res, 404, 'Not Found', 'notFound')
  }

  async function handleUpload(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!bearer(req)) return refuseUnauthenticated(res)
    const body = await readBody(req)
    await state.uploadsHeld
    if (state.failingUploads > 0) {
      state.failingUploads--
      return googleError(res, state.failingUploadStatus, 'Backend Error', 'backendError')
    }
    if (url.searchParams.get('uploadType') !== 'multipart') {
      return googleError(res, 400, 'Only multipart uploads here', 'badRequest')
    }
    const [metadataPart, mediaPart] = parseMultipart(body, req.headers['content-type'] ?? '')
    if (!metadataPart || !mediaPart)
      return googleError(res, 400, 'Multipart needs two parts', 'badRequest')
    const metadata = JSON.parse(metadataPart.body.toString()) as Partial<StandInFile>
    for (const parent of metadata.parents ?? []) {
      if (!files.has(parent)) return googleError(res, 404, `File not found: ${parent}.`, 'notFound')
    }
    const file = createFile(
      { ...metadata, mimeType: metadata.mimeType ?? mediaPart.contentType },
      mediaPart.body,
    )
    return sendJson(res, 200, toResource(file))
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    // performance.now(): tests may fake Date, and retry gaps are measured with this.
    const entry = { method: req.method ?? 'GET', path: url.pathname, at: performance.now() }
    state.requests.push(entry)
    res.once('finish', () => Object.assign(entry, { answeredAt: performance.now() }))
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        state.lastConsent = url.searchParams
        const redirectUri = url.searchParams.get('redirect_uri') ?? ''
        if (url.searchParams.get('client_id') !== options.clientId || !redirectUri) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: invalid_request')
          return
        }
        const back = new URL(redirectUri)
        back.searchParams.set('state', url.searchParams.get('state') ?? '')
        if (state.denyConsent) back.searchParams.set('error', 'access_denied')
        else {
          const code = `4/${randomUUID()}`
          codes.set(code, { redirectUri, scope: url.searchParams.get('scope') ?? '' })
          back.searchParams.set('code', code)
        }
        res.writeHead(302, { location: back.toString() }).end()
        return
      }
      if (req.method === 'POST' && url.pathname === '/token') return handleToken(req, res)
      if (req.method === 'POST' && url.pathname === '/revoke') return handleRevoke(req, res, url)
      if (url.pathname.startsWith('/upload/drive/v3/files') && req.method === 'POST') {
        return handleUpload(req, res, url)
      }
      if (url.pathname.startsWith('/drive/v3/')) return handleDrive(req, res, url)
      googleError(res, 404, 'Not Found', 'notFound')
    }
    handle().catch((error) => googleError(res, 500, String(error), 'internal'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    /** The GOOGLE_API_ROOT to give Centraal. */
    url,
    state,
    /** Every file, folders included. */
    listFiles: () => [...files.values()],
    /** Files inside a folder. */
    filesIn: (folderId: string) =>
      [...files.values()].filter((file) => file.parents.includes(folderId)),
    /** Folders with this name. */
    foldersNamed: (name: string) =>
      [...files.values()].filter((file) => file.mimeType === FOLDER && file.name === name),
    /** Puts a file in place as if made earlier, by Centraal or by someone else. */
    addFile: (metadata: Partial<StandInFile>, content?: Buffer<ArrayBufferLike>) =>
      createFile(metadata, content),
    /** Whether the grant of this refresh token was revoked. */
    isRevoked: (refreshToken: string) => grants.get(refreshToken)?.isRevoked ?? false,
    /** Every refresh token handed out. */
    refreshTokens: () => [...grants.keys()],
    /** Every access token handed out. */
    accessTokens: () => [...accessTokens.keys()],
    /** Ends every access token now, as Google may before their expiry. */
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expiresAt = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A running stand-in. */
export type GoogleStandIn = Awaited<ReturnType<typeof startGoogleStandIn>>
