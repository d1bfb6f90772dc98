import { Building, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/alert.tsx'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { CardContent, IconCard, TitledCard } from '../../components/card.tsx'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { useServerData } from '../../lib/use-server-data.ts'
import { CreateOrganisationForm } from './create-organisation-form.tsx'
import { InviteAdminDialog } from './invite-admin-dialog.tsx'

const loadOrganisations = async () => (await api.organisations.$get()).json()

type OrganisationRow = Awaited<ReturnType<typeof loadOrganisations>>[number]

const dateFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium' })

/** Instellingen → Organisaties (platform owners): every tenant, a new one, its owner. */
export function OrganisationsTab() {
  const { state, reload } = useServerData('/api/organisations', loadOrganisations)
  const [inviteFor, setInviteFor] = useState<OrganisationRow | null>(null)

  return (
    <div className="grid gap-6">
      <IconCard
        Icon={Building}
        title="Organisaties"
        description="Elke organisatie heeft een eigen database, eigen gebruikers en eigen instellingen."
      >
        <CardContent>
          {state.status === 'loading' && <p className="text-muted-foreground text-sm">Laden...</p>}
          {state.status === 'failed' && (
            <Alert variant="destructive" title="Organisaties konden niet worden geladen">
              {describeError(state.error, 'Probeer het later opnieuw.')}
            </Alert>
          )}
          {state.status === 'ready' && (
            <ul className="grid divide-y rounded-lg border">
              {state.data.map((organisation) => (
                <li
                  key={organisation.id}
                  className="flex flex-wrap items-center justify-between gap-3 p-4"
                >
                  <div className="grid min-w-0 gap-1">
                    <p className="truncate font-medium">{organisation.name}</p>
                    <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                      <span className="font-mono">{organisation.slug}</span>
                      <span aria-hidden>·</span>
                      <span>sinds {dateFormat.format(organisation.createdAt)}</span>
                      <Badge variant={organisation.status === 'active' ? 'success' : 'secondary'}>
                        {organisation.status === 'active' ? 'Actief' : 'Inactief'}
                      </Badge>
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setInviteFor(organisation)}
                    aria-label={`Beheerder uitnodigen voor ${organisation.name}`}
                  >
                    <UserPlus aria-hidden />
                    Beheerder uitnodigen
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </IconCard>

      <TitledCard
        titleId="new-organisation-title"
        title="Nieuwe organisatie"
        description="Daarna nodig je de eerste beheerder uit."
      >
        <CreateOrganisationForm onCreated={() => void reload()} />
      </TitledCard>

      <InviteAdminDialog
        organisation={inviteFor}
        onOpenChange={(open) => {
          if (!open) setInviteFor(null)
        }}
      />
    </div>
  )
}
