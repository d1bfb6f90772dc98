import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { eventually } from '../support/eventually.ts'
import { setUpBrowserFile } from './browser-file.ts'
import {
  DESKTOP,
  hasHorizontalOverflow,
  newAppContext,
  openSignedIn,
  PHONE,
  screenshot,
} from './page-helpers.ts'

// The four central screens as people see them, on a phone and a desktop, dark and light,
// read from the local database. Screenshots go to tests/screenshots/.

type Viewport = { width: number; height: number }
type Theme = 'dark' | 'light'

const file = setUpBrowserFile()

/** The file's one signed-in browser, opened on the dashboard in the dark theme. */
let shared: Page | undefined

/**
 * The browser at this size, on the dashboard in `theme`: opened once for the file, then
 * resized (the shell follows its width), reached through the app's own navigation and
 * switched by the header's theme button.
 */
async function openDashboard(viewport: Viewport, theme: Theme): Promise<Page> {
  let page = shared
  if (page) {
    await page.setViewportSize(viewport)
    await open(page, isPhoneSize(page) ? 'Home' : 'Dashboard', 'Dashboard')
  } else {
    // Screens read online: no service worker to install (decision 023).
    const context = await newAppContext(file.browser, file.server.url, viewport, {
      timeout: 10_000,
      theme: 'dark',
      serviceWorker: false,
    })
    page = await context.newPage()
    await openSignedIn(page, file.root)
    shared = page
  }
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  if ((await isDark()) !== (theme === 'dark')) {
    await page
      .getByRole('button', { name: theme === 'dark' ? 'Donker thema' : 'Licht thema' })
      .click()
    await expect.poll(isDark).toBe(theme === 'dark')
  }
  return page
}

function isPhoneSize(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 768
}

/** Client-side navigation: the sidebar on a desktop, the bottom bar on a phone. */
async function open(page: Page, label: string, heading: string) {
  const nav = isPhoneSize(page)
    ? page.getByRole('navigation', { name: 'Snelmenu' })
    : page.getByRole('complementary', { name: 'Zijbalk' })
  await nav.getByRole('link', { name: label }).click()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await page.getByText('Laden...').waitFor({ state: 'detached' })
}

async function expectNoOverflow(page: Page) {
  expect(await hasHorizontalOverflow(page)).toBe(false)
}

test('empty states: no apps yet, and the stat cards and documented texts', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openDashboard(viewport, 'dark')
    const isPhone = viewport === PHONE
    await open(page, isPhone ? 'Apps' : 'Apps', 'Apps')
    await page.getByText('Nog geen apps toegevoegd').waitFor()
    await page.getByRole('button', { name: 'Voeg je eerste app toe' }).waitFor()
    await page.getByRole('heading', { name: 'Gold Estates' }).waitFor()
    expect(await page.getByRole('button', { name: 'LAUNCH APP' }).isEnabled()).toBe(true)
    await expectNoOverflow(page)
    await screenshot(page, 'apps-empty-dark')

    await open(page, isPhone ? 'Home' : 'Dashboard', 'Dashboard')
    for (const title of ['Totaal Gebruikers', 'Totaal Apps', 'Activiteiten', 'Groei']) {
      await page.getByRole('region', { name: title, exact: true }).waitFor()
    }
    const growth = page.getByRole('region', { name: 'Groei' })
    // A new organisation: every user joined this month, no last month to compare with.
    expect(await growth.textContent()).toContain('—')
    expect(await growth.textContent()).toContain('geen vorige maand om mee te vergelijken')
    await page.getByText('Recente acties').waitFor()
  }
})

test('screens with data, phone and desktop, dark and light', async () => {
  const roles = ['ADMIN', 'MANAGER', 'USER', 'USER']
  // Made together; the organisation's change after them, the newest activity.
  const madeUsers = Promise.all(
    Array.from({ length: 14 }, (_, index) =>
      file.api.post('/api/users', {
        name: `${['Anna', 'Bram', 'Chris', 'Dewi', 'Eva', 'Fenna', 'Gijs'][index % 7]} ${['de Vries', 'Jansen', 'van den Berg-Bakker'][index % 3]} ${index}`,
        email: `persoon${index}@voorbeeld-organisatie.example.com`,
        role: roles[index % roles.length],
        status: index % 5 === 4 ? 'inactive' : 'active',
      }),
    ),
  )
  const apps = [
    [
      'Boekhouding',
      'https://boekhouding.example.com',
      'Facturen, btw-aangifte en de jaarrekening.',
      'active',
    ],
    ['CRM', 'https://crm.example.com', 'Klanten en leads.', 'syncing'],
    ['Planning', 'https://planning.example.com/een/heel/lang/pad/dat/niet/past', null, 'error'],
    [
      'Archief met een lange naam die moet afbreken',
      'https://archief.example.com',
      'Oude dossiers.',
      'inactive',
    ],
  ] as const
  const madeApps = Promise.all(
    apps.map(([name, url, description, status]) =>
      file.api.post('/api/app-connections', { name, url, description, status }),
    ),
  )
  expect((await madeUsers).map((response) => response.status)).toEqual(Array(14).fill(201))
  expect((await madeApps).map((response) => response.status)).toEqual(Array(4).fill(201))
  const organisation = await file.api.request('PATCH', '/api/organisation', {
    name: 'Voorbeeld BV',
  })
  expect(organisation.status).toBe(200)
  const stats = (await file.api.get('/api/stats')).json

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openDashboard(viewport, theme)
      const isPhone = viewport === PHONE
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      )

      // Dashboard: the local figures agree with GET /api/stats.
      await page.getByRole('region', { name: 'Totaal Gebruikers' }).waitFor()
      const totalUsers = page.getByRole('region', { name: 'Totaal Gebruikers' })
      await totalUsers.getByText(String(stats.totalUsers), { exact: true }).waitFor()
      await totalUsers.getByText(`${stats.activeUsers} actief`).waitFor()
      // Users and apps replicate separately: wait for the app figures too.
      const totalApps = page.getByRole('region', { name: 'Totaal Apps' })
      await totalApps.getByText(String(stats.totalApps), { exact: true }).waitFor()
      await totalApps.getByText(`${stats.activeApps} actief`).waitFor()
      const recent = page.getByRole('region', { name: 'Activiteiten', exact: true })
      await recent.getByText(String(stats.recentActivities), { exact: true }).waitFor()
      const feed = page.getByRole('region', { name: 'Recente activiteiten' })
      await feed.getByText('Organisatiegegevens bijgewerkt').waitFor()
      // The feed may render once more as the last activities arrive.
      await eventually(async () => expect(await feed.getByRole('listitem').count()).toBe(6))
      await screenshot(page, `dashboard-${theme}`)
      await expectNoOverflow(page)

      await open(page, isPhone ? 'Users' : 'Gebruikers', 'Gebruikers')
      await page.getByText('Beheer alle gebruikers in je organisatie').waitFor()
      await page.getByText('Anna de Vries 0', { exact: true }).waitFor()
      if (!isPhone) {
        for (const column of ['Naam', 'Email', 'Rol', 'Status', 'Laatst Actief']) {
          await page.getByRole('columnheader', { name: column }).waitFor()
        }
      }
      expect(await page.getByText('Inactief', { exact: true }).count()).toBeGreaterThan(0)
      await screenshot(page, `users-${theme}`)
      await expectNoOverflow(page)
      await page.getByRole('button', { name: 'Acties voor Anna de Vries 0' }).click()
      for (const item of ['Bewerken', 'Setup-link', 'Verwijderen']) {
        await page.getByRole('menuitem', { name: item }).waitFor()
      }
      await screenshot(page, `users-menu-${theme}`, { fullPage: false })
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Nieuwe Gebruiker' }).click()
      const dialog = page.getByRole('dialog', { name: 'Nieuwe Gebruiker' })
      const roleOptions = await dialog.getByLabel('Rol').locator('option').allTextContents()
      expect(roleOptions).toEqual(['Superadmin', 'Admin', 'Manager', 'Gebruiker'])
      await dialog.getByRole('button', { name: 'Toevoegen' }).click()
      await dialog.getByText('Naam moet minimaal 2 karakters zijn').waitFor()
      await screenshot(page, `users-dialog-${theme}`, { fullPage: false })
      await dialog.getByRole('button', { name: 'Annuleren' }).click()

      await open(page, 'Apps', 'Apps')
      await page.getByRole('heading', { name: 'Gekoppelde Apps' }).waitFor()
      for (const badge of ['Synchroniseert', 'Error', 'Inactief']) {
        await page.getByText(badge, { exact: true }).first().waitFor()
      }
      const link = page.getByRole('link', { name: 'Open in new tab' }).first()
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
      await screenshot(page, `apps-${theme}`)
      await expectNoOverflow(page)
      await page.getByRole('button', { name: 'Nieuwe App', exact: true }).click()
      const appDialog = page.getByRole('dialog', { name: 'Nieuwe App Toevoegen' })
      await appDialog.getByLabel('Naam *').waitFor()
      await appDialog.getByLabel('URL *').fill('geen url')
      const required = appDialog.getByText('Naam is verplicht')
      // A click during the dialog's opening animation can miss: checking again is harmless.
      for (let attempt = 0; attempt < 3 && !(await required.isVisible()); attempt++) {
        await appDialog.getByRole('button', { name: 'Toevoegen' }).click()
        await required.waitFor({ timeout: 3000 }).catch(() => undefined)
      }
      await required.waitFor()
      await appDialog.getByText('Voer een geldige URL in').waitFor()
      await screenshot(page, `apps-dialog-${theme}`, { fullPage: false })
      await appDialog.getByRole('button', { name: 'Annuleren' }).click()

      await open(page, isPhone ? 'Activity' : 'Activiteiten', 'Activiteiten')
      const activityList = page.getByRole('list', { name: 'Activiteiten' })
      await activityList.getByText('App toegevoegd').first().waitFor()
      const types = await activityList
        .locator('[data-type]')
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-type')))
      expect(new Set(types)).toEqual(new Set(['user', 'app', 'settings']))
      await screenshot(page, `activities-${theme}`)
      await expectNoOverflow(page)
    }
  }
}, 180_000)
