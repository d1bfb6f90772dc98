import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Client } from '../support/http.ts'
import type { TypedApi } from '../support/typed-client.ts'
import { waitForToast } from './page-helpers.ts'

// The Apps screen as the offline tests drive it: its cards and dialogs; the service
// worker that lets a screen never opened before open without a connection; the database
// worker, ended as a crash would end it.

/** An app's card on /apps, by its name. */
export function appCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
}

/** An app `api` adds through the API (201 expected), as another device would; the app. */
export async function createApp(
  api: Client,
  fields: { name: string; url: string; description?: string },
): Promise<InferResponseType<TypedApi['app-connections']['$post'], 201>> {
  const created = await api.post('/api/app-connections', fields)
  expect(created.status).toBe(201)
  return created.json
}

/** Fills and sends the "Nieuwe App Toevoegen" dialog. */
export async function addApp(
  page: Page,
  fields: { name: string; url: string; description: string },
) {
  await page.getByRole('button', { name: 'Nieuwe App', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Nieuwe App Toevoegen' })
  await dialog.getByLabel('Naam *').fill(fields.name)
  await dialog.getByLabel('URL *').fill(fields.url)
  await dialog.getByLabel('Beschrijving').fill(fields.description)
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await waitForToast(page, 'App toegevoegd')
  await dialog.waitFor({ state: 'detached' })
}

/** Edits an app by field label; `toast` false when a refusal may replace the toast. */
export async function editApp(
  page: Page,
  name: string,
  fields: Record<string, string>,
  toast = true,
) {
  await page.getByRole('button', { name: `${name} bewerken` }).click()
  const dialog = page.getByRole('dialog', { name: 'App Bewerken' })
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value)
  await dialog.getByRole('button', { name: 'Opslaan' }).click()
  if (toast) await waitForToast(page, 'App bijgewerkt')
  await dialog.waitFor({ state: 'detached' })
}

/**
 * Until the service worker has precached the app and taken the page over, a screen whose
 * code was never loaded cannot open offline (as for anyone who goes offline that early).
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready))
  // Precaching every asset can take a while on a busy machine.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  })
}

/**
 * Ends the database worker of a browser from one of its pages, as a crash would: the
 * page connects to it (its script has a content hash, read from the build) and asks it to
 * close itself.
 */
export async function endDatabaseWorker(page: Page) {
  const assets = path.resolve(import.meta.dirname, '../../dist/web/assets')
  const script = readdirSync(assets).find((name) => /^database-worker-[\w-]+\.js$/.test(name))
  expect(script).toBeDefined()
  await page.evaluate((url) => {
    const worker = new SharedWorker(url, { type: 'module', name: 'centraal-database' })
    worker.port.postMessage({
      connectionId: 'test',
      requestId: 'test',
      method: 'custom',
      version: '',
      params: { kind: 'stop' },
    })
  }, `/assets/${script}`)
}
