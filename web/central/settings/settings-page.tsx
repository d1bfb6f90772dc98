import * as Tabs from 'radix-ui/tabs'
import { useSearchParams } from 'react-router-dom'
import { PageHeader } from '../../components/page-header.tsx'
import { useHasPermission } from '../../lib/use-permission.ts'
import { BackupsTab } from './backups-tab.tsx'
import { GeneralTab } from './general-tab.tsx'
import { OrganisationsTab } from './organisations-tab.tsx'
import { OutboxTab } from './outbox-tab.tsx'
import { SystemInfoCard } from './system-info-card.tsx'

const TABS = [
  { value: 'algemeen', label: 'Algemeen' },
  { value: 'backups', label: 'Backups' },
  { value: 'systeem', label: 'Systeem' },
  { value: 'organisaties', label: 'Organisaties', platformOnly: true },
  { value: 'e-mail', label: 'E-mail', platformOnly: true },
] as const

/**
 * /settings (docs/behaviour.md): tabs Algemeen, Backups, Systeem, and Organisaties and E-mail for the
 * platform's owners (the platform right organisations.manage, which the server alone decides).
 */
export function SettingsPage() {
  const managesOrganisations = useHasPermission('organisations.manage')
  const tabs = TABS.filter((tab) => !('platformOnly' in tab) || managesOrganisations)
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  // The tab lives in the URL, so a reload or a shared link opens the same one.
  const current = tabs.some((tab) => tab.value === requested) ? requested : 'algemeen'

  return (
    <>
      <PageHeader title="Instellingen" description="Je organisatie, backups en het systeem" />
      <Tabs.Root
        value={current ?? 'algemeen'}
        onValueChange={(value) =>
          setSearchParams(value === 'algemeen' ? {} : { tab: value }, { replace: true })
        }
        className="grid gap-6"
      >
        <Tabs.List
          aria-label="Instellingen"
          className="flex w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 sm:w-fit"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="flex-1 whitespace-nowrap rounded-md px-2 py-1.5 sm:px-3 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="algemeen" className="outline-none">
          <GeneralTab />
        </Tabs.Content>
        <Tabs.Content value="backups" className="outline-none">
          <BackupsTab />
        </Tabs.Content>
        <Tabs.Content value="systeem" className="outline-none">
          <SystemInfoCard variant="full" />
        </Tabs.Content>
        {managesOrganisations && (
          <Tabs.Content value="organisaties" className="outline-none">
            <OrganisationsTab />
          </Tabs.Content>
        )}
        {managesOrganisations && (
          <Tabs.Content value="e-mail" className="outline-none">
            <OutboxTab />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  )
}
