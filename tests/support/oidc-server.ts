import { findFreePort } from './free-port.ts'
import { startOidcProvider } from './oidc-provider.ts'
import { startTestServer } from './test-server.ts'

/**
 * A test identity provider and a test server that offers single sign-on through it
 * (OIDC_ISSUER and its client set).
 */
export async function startServerWithOidc() {
  // Centraal's URL is the provider's registered redirect URI, so its port comes first.
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}`
  const provider = await startOidcProvider({ redirectUri: `${url}/api/login/callback` })
  try {
    const server = await startTestServer({
      PORT: String(port),
      PUBLIC_URL: url,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    })
    return { provider, server }
  } catch (error) {
    await provider.close()
    throw error
  }
}
