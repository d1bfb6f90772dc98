import { expect, test } from 'vitest'
import { waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { newAppContext, PHONE } from './page-helpers.ts'
import { launchGoldEstates, waitForSalesScreen } from './sales-helpers.ts'

// A new organisation's Gold Estates has nothing in it yet: no project, seller or sale. Its
// first fill ends with an empty database, and that must count as filled: a phone that
// opened it once opens it again offline, showing the empty dashboard, not "Data laden...".

const file = setUpBrowserFile()

test('an organisation with no sales yet opens its Gold Estates dashboard offline after one visit', async () => {
  const context = await newAppContext(file.browser, file.server.url, PHONE)
  const page = await context.newPage()
  await launchGoldEstates(page, file.root)
  await waitForSalesScreen(page, 'Dashboard')
  await waitForServiceWorker(page)
  // The header says the first sync is over once the (empty) fill ended.
  await page.getByText(/Eerste synchronisatie/).waitFor({ state: 'detached' })

  await context.setOffline(true)
  await page.reload()
  await waitForSalesScreen(page, 'Dashboard')
  expect(await page.getByText(/Eerste synchronisatie/).count()).toBe(0)
  await context.close()
}, 90_000)
