import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { type CommissionType, calculateCommission } from '#schema/commission'
import { closeToast, screenshot, signIn, waitForToast } from './page-helpers.ts'

// Steps the Gold Estates browser tests share: launching the area, calling its API from the
// page, reading a region's text, and filling the sale wizard.

export const SALES_BASE = '/gold-estates'

/** One commission line of a sale to register: which seller (by index), kind and percentage. */
export type WizardLine = { seller: number; commissionType: CommissionType; percentage: number }

/** A sale as the wizard is filled in: euros and percentages as typed. */
export type WizardSale = {
  clientName: string
  propertyNumber: string
  price: number
  commission: number
  discount: number
  costs: number
  lines: WizardLine[]
}

/** What the wizard chooses from: the project, and the sellers the lines point at. */
export type WizardCatalog = { project: { id: string }; sellers: readonly { id: string }[] }

/** The one arithmetic over a sale as the wizard gets it. */
export function calculateWizardSale(sale: WizardSale) {
  return calculateCommission({
    salePriceCents: Math.round(sale.price * 100),
    commissionPercentage: sale.commission,
    discountPercentage: sale.discount,
    costsCents: Math.round(sale.costs * 100),
    lines: sale.lines.map((line) => ({
      commissionType: line.commissionType,
      percentage: line.percentage,
    })),
  })
}

/** A JSON call made by the page itself: its cookies, its origin. */
export async function callFromPage<T>(target: Page, method: string, url: string, body?: unknown) {
  return target.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, json: text ? JSON.parse(text) : null }
    },
    { method, url, body },
  ) as Promise<{ status: number; json: T }>
}

/** The text of a named region (a card or tile labelled by its title). */
export async function regionText(target: Page, name: string) {
  const region = target.getByRole('region', { name, exact: true })
  await region.waitFor()
  return (await region.textContent()) ?? ''
}

/** A screenshot from the top, nothing focused: the sticky header stays where it belongs. */
export async function shoot(target: Page, name: string) {
  await target.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  await screenshot(target, name)
}

/** Opens a sales screen by path and waits until its heading and its local data are there. */
export async function openSalesScreen(target: Page, path: string, heading: string | RegExp) {
  await target.goto(`${SALES_BASE}${path}`)
  await waitForSalesScreen(target, heading)
}

/** Waits until the sales screen with this heading and its local data are there. */
export async function waitForSalesScreen(target: Page, heading: string | RegExp) {
  await target
    .getByRole('heading', { level: 1, name: heading })
    // A fresh context first installs the service worker and opens its local database.
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      const shown = await target.evaluate(() => (document.body.textContent ?? '').slice(0, 500))
      throw new Error(`${error.message}\nat ${target.url()} the page shows:\n${shown}`)
    })
  await target.getByText('Data laden...').waitFor({ state: 'detached' })
}

/** Signs in to Centraal as the superadmin (through the API) and launches Gold Estates from Apps. */
export async function launchGoldEstates(
  target: Page,
  account: { email: string; password: string },
) {
  await signIn(target.context(), account)
  // The Apps card launches it; a disabled button is a failure, not a reason to call the API.
  await target.goto('/apps')
  const launch = target.getByRole('button', { name: 'LAUNCH APP' })
  await launch.waitFor()
  expect(await launch.isEnabled()).toBe(true)
  await launch.click()
  await target.waitForURL(`**${SALES_BASE}/dashboard`)
  await target.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
}

/** Fills the four wizard steps of a sale and stays on step 4. */
export async function fillWizard(
  target: Page,
  sale: WizardSale,
  catalog: WizardCatalog,
  { check = false } = {},
) {
  await target.getByRole('heading', { level: 2, name: 'Selecteer project' }).waitFor()
  if (check) {
    // Later steps stay closed until the earlier ones are filled in.
    await target.getByRole('button', { name: /^Stap 3: Financiën/ }).click()
    expect(await waitForToast(target, 'Kan niet navigeren')).toBe(
      'Kan niet navigeren Vul eerst de vorige stappen in om hier te komen',
    )
    // Each toast is closed: it lies over the wizard's buttons.
    await closeToast(target, 'Kan niet navigeren')
    await target.getByRole('button', { name: 'Volgende' }).click()
    expect(await waitForToast(target, 'Validatie fout')).toBe(
      'Validatie fout Vul alle verplichte velden in voordat je doorgaat',
    )
    await closeToast(target, 'Validatie fout')
  }
  await target.getByLabel('Project *').selectOption(catalog.project.id)
  await target.getByLabel('Bouwnummer *').fill(sale.propertyNumber)
  await target.getByRole('button', { name: 'Volgende' }).click()

  await target.getByRole('heading', { level: 2, name: 'Klantgegevens' }).waitFor()
  await target.getByLabel('Klantnaam *').fill(sale.clientName)
  await target.getByLabel('E-mail').fill('klant@example.com')
  await target.getByLabel('Telefoon').fill('0612345678')
  await target.getByRole('button', { name: 'Volgende' }).click()

  await target.getByRole('heading', { level: 2, name: 'Prijs & commissie' }).waitFor()
  if (check) {
    // The documented defaults.
    expect(await target.getByLabel('Commissie (%) *').inputValue()).toBe('5')
    expect(await target.getByLabel('Kosten (€)').inputValue()).toBe('0')
    expect(await target.getByLabel('Korting (%)').inputValue()).toBe('0')
    await target.getByRole('button', { name: 'Volgende' }).click()
    await waitForToast(target, 'Validatie fout')
    await closeToast(target, 'Validatie fout')
  }
  await target.getByLabel('Verkoopprijs (€) *').fill(String(sale.price))
  await target.getByLabel('Commissie (%) *').fill(String(sale.commission))
  await target.getByLabel('Kosten (€)').fill(String(sale.costs))
  await target.getByLabel('Korting (%)').fill(String(sale.discount))
  await target.getByRole('button', { name: 'Volgende' }).click()

  await target.getByRole('heading', { level: 2, name: 'Commissie splits' }).waitFor()
  const teamLines = sale.lines.filter((line) => line.commissionType === 'sales')
  for (const [index, line] of teamLines.entries()) {
    if (index > 0) await target.getByRole('button', { name: 'Verkoper toevoegen' }).click()
    await target
      .getByLabel(`Verkoper ${index + 1}`, { exact: true })
      .selectOption(catalog.sellers[line.seller]!.id)
    await target
      .getByLabel(`Percentage ${index + 1}`, { exact: true })
      .fill(String(line.percentage))
  }
  const referral = sale.lines.find((line) => line.commissionType === 'referral')
  if (referral) {
    await target
      .getByLabel('Aanbreng', { exact: true })
      .selectOption(catalog.sellers[referral.seller]!.id)
    await target.getByLabel('Aanbreng %', { exact: true }).fill(String(referral.percentage))
  }
}
