import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildWebApp } from '#server/build-web-app'
import { launchBrowserServer } from './browser.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium every browser file connects to (connectBrowser). */
    chromiumEndpoint: string
    /** Where each worker's shared server keeps its data; removed after the run. */
    sharedDataRoot: string
  }
}

// The browser tests serve the built app, so every test run builds it once, fresh. One
// Chromium serves every browser file: each file connects, and a fresh context keeps its
// tests apart (starting Chromium per file cost about a second, closing it another).
export default async function setup(project: TestProject) {
  if (process.env.SKIP_WEB_BUILD !== '1') await buildWebApp()
  const chromium = await launchBrowserServer()
  const sharedDataRoot = mkdtempSync(path.join(tmpdir(), 'centraal-e2e-'))
  project.provide('chromiumEndpoint', chromium.wsEndpoint())
  project.provide('sharedDataRoot', sharedDataRoot)
  return async () => {
    await chromium.close()
    rmSync(sharedDataRoot, { recursive: true, force: true })
  }
}
