import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import type { SyncRefusalScope } from '#schema/sync-refusals'
import type { SyncArea } from '#sync/account'
import { describeError } from '../lib/server-message.ts'
import { useSyncRefusals } from '../lib/use-sync-refusals.ts'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { Card, CardContent } from './card.tsx'
import { EmptyState } from './empty-state.tsx'
import { InlineLoading } from './inline-loading.tsx'
import { PageHeader } from './page-header.tsx'
import { ScopeToggle } from './scope-toggle.tsx'
import { SyncRefusalItem } from './sync-refusal-item.tsx'

type SyncRefusalsViewProps = {
  /** Whose list: Centraal's (/api/sync-refusals) or Gold Estates' (/api/gold-estates/sync-refusals). */
  area: SyncArea
  /** Whether the person may see everyone's (the server decides; this only shows the toggle). */
  canSeeOrganisation: boolean
}

/**
 * Niet verwerkte wijzigingen, the same in both areas: changes made on a device that the
 * server refused and undid, kept on the server until the person marks them read.
 */
export function SyncRefusalsView({ area, canSeeOrganisation }: SyncRefusalsViewProps) {
  const [scope, setScope] = useState<SyncRefusalScope>('own')
  const { state, reload, dismiss } = useSyncRefusals(area, scope)
  const now = Date.now()
  return (
    <>
      <PageHeader
        title="Niet verwerkte wijzigingen"
        description="Wijzigingen die niet verwerkt zijn, met je eigen waarden om over te nemen; de gegevens staan weer op de stand van de server."
        actions={canSeeOrganisation && <ScopeToggle value={scope} onChange={setScope} />}
      />
      {state.status === 'loading' && <InlineLoading />}
      {state.status === 'failed' && (
        <Alert variant="destructive" title="De wijzigingen konden niet geladen worden">
          <p>{describeError(state.error, 'Probeer het opnieuw.')}</p>
          <Button variant="outline" size="sm" onClick={() => void reload()} className="mt-3">
            Opnieuw proberen
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && state.serverError !== undefined && (
        <Alert title="Alleen de wijzigingen op dit apparaat">
          <p>
            {describeError(
              state.serverError,
              'De lijst van de server kon niet geladen worden; hieronder staan de wijzigingen die op dit apparaat bewaard zijn.',
            )}
          </p>
        </Alert>
      )}
      {state.status === 'ready' &&
        (state.refusals.length === 0 ? (
          <EmptyState Icon={ShieldCheck} title="Geen niet verwerkte wijzigingen">
            <p className="max-w-sm text-muted-foreground text-sm">
              {scope === 'own'
                ? 'Al je wijzigingen zijn door de server verwerkt.'
                : 'In je organisatie staan geen geweigerde wijzigingen open.'}
            </p>
          </EmptyState>
        ) : (
          <Card>
            <CardContent className="px-4 py-0 sm:px-6">
              <ul className="divide-y" aria-label="Niet verwerkte wijzigingen">
                {state.refusals.map((refusal) => (
                  <SyncRefusalItem
                    key={refusal.id}
                    refusal={refusal}
                    now={now}
                    showsPerson={scope === 'organisation'}
                    onDismiss={dismiss}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
    </>
  )
}
