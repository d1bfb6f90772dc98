import { ArrowLeftRight, Building2, ChevronDown } from 'lucide-react'
import * as RadixMenu from 'radix-ui/dropdown-menu'
import { useState } from 'react'
import { getSessionAccount } from '#sync/client/signed-in-account'
import { Button } from '../../components/button.tsx'
import { DropdownMenu, DropdownMenuItem } from '../../components/dropdown-menu.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { switchOrganisation } from '../../lib/switch-organisation.ts'

const SWITCH_LABEL = 'Wissel van organisatie'

/** The signed-in organisation's name, the others the sign-in proved, and the switch. */
function useOrganisationSwitch() {
  const user = useSignedInUser()
  const database = useLocalDatabase()
  const [switchingTo, setSwitchingTo] = useState<string | null>(null)
  const switchTo = async (organisationId: string) => {
    setSwitchingTo(organisationId)
    const account = { area: 'central', ...getSessionAccount(user) } as const
    if (!(await switchOrganisation(account, database, organisationId))) setSwitchingTo(null)
  }
  return {
    name: user.organisationName ?? '',
    others: user.otherOrganisations ?? [],
    switchingTo,
    switchTo,
  }
}

/**
 * The header's organisation (desktop): its name, and for a person whose sign-in proved
 * accounts in several organisations a menu "Wissel van organisatie" (decision 028).
 */
export function HeaderOrganisation() {
  const { name, others, switchingTo, switchTo } = useOrganisationSwitch()
  if (!name) return null
  const label = (
    <>
      <Building2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="max-w-48 truncate">{name}</span>
    </>
  )
  if (others.length === 0) {
    return (
      <p className="hidden min-w-0 items-center gap-1.5 font-medium text-sm md:flex">
        <span className="sr-only">Organisatie: </span>
        {label}
      </p>
    )
  }
  return (
    <div className="hidden min-w-0 md:flex">
      <DropdownMenu
        label={SWITCH_LABEL}
        trigger={
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Organisatie: ${name}. ${SWITCH_LABEL}`}
            disabled={switchingTo !== null}
            className="min-w-0 gap-1.5"
          >
            {label}
            <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          </Button>
        }
      >
        <RadixMenu.Label className="px-2.5 py-1.5 font-medium text-muted-foreground text-xs">
          {SWITCH_LABEL}
        </RadixMenu.Label>
        {others.map((organisation) => (
          <DropdownMenuItem key={organisation.id} onSelect={() => switchTo(organisation.id)}>
            <ArrowLeftRight aria-hidden />
            {organisation.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenu>
    </div>
  )
}

/** The menu sheet's organisation (phone): its name, and the switch when there is one. */
export function SheetOrganisation() {
  const { name, others, switchingTo, switchTo } = useOrganisationSwitch()
  if (!name) return null
  return (
    <section aria-label="Organisatie" className="grid gap-2 border-b px-4 py-3">
      <p className="flex min-w-0 items-center gap-2 font-medium text-sm">
        <Building2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="break-words">{name}</span>
      </p>
      {others.length > 0 && (
        <div className="grid gap-1">
          <h2 className="font-medium text-muted-foreground text-xs">{SWITCH_LABEL}</h2>
          <ul className="grid gap-1">
            {others.map((organisation) => (
              <li key={organisation.id}>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-full justify-start"
                  disabled={switchingTo !== null}
                  onClick={() => switchTo(organisation.id)}
                >
                  <ArrowLeftRight aria-hidden />
                  {switchingTo === organisation.id ? 'Bezig...' : organisation.name}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
