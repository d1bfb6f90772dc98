import { buildWebApp } from '#server/build-web-app'

// The browser tests serve the built app, so every test run builds it once, fresh.
export default async function setup() {
  if (process.env.SKIP_WEB_BUILD === '1') return
  await buildWebApp()
}
