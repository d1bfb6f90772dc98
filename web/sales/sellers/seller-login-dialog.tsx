import { CloudOff, KeyRound, MailCheck, Send } from 'lucide-react'
import { useState } from 'react'
import type { SellerDocType } from '#schema/rx/sellers'
import { SellerLoginSchema } from '#schema/sales'
import { Alert } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { CopyLinkField } from '../../components/copy-link-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { formatDateTime } from '../../lib/format-date.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { useSave } from '../../lib/use-save.tsx'
import type { SalesUser } from '../data/sales-session.tsx'
import { SALES_ROLE_LABELS } from '../layout/sales-roles.ts'

const ROLE_CHOICES = (['SELLER', 'MANAGER', 'ADMIN'] as const).map((value) => ({
  value,
  label: SALES_ROLE_LABELS[value],
}))

/**
 * 'Inloggen toestaan' (POST /api/gold-estates/sellers/:id/login): creates the seller's
 * sales sign-in and, with mail on the server, mails the setup link to the seller ("Uitnodiging
 * verstuurd naar …", "Opnieuw versturen"); without, shows the link with a copy button. For
 * a seller who already has one, a new link. Online only: the link comes from the server.
 */
export function SellerLoginDialog({
  seller,
  onClose,
}: {
  seller: SellerDocType
  onClose: () => void
}) {
  const isOnline = useOnlineStatus()
  // As when the dialog opened: creating the sign-in sets userId, the title stays.
  const [hasLogin] = useState(seller.userId !== null)
  const [role, setRole] = useState<SalesUser['role']>('SELLER')
  const [link, setLink] = useState<
    | { invited: true; invitedTo: string; expiresAt: number }
    | { invited: false; setupUrl: string; expiresAt: number }
  >()
  const [sentAgain, setSentAgain] = useState(false)
  const isOnServer = seller.seq > 0
  const blocker = !seller.email
    ? 'Geef de verkoper eerst een e-mailadres (Bewerken): daarmee logt hij of zij in.'
    : !isOnServer
      ? 'Deze verkoper staat nog niet op de server. Zodra de synchronisatie klaar is, kun je de inlog maken.'
      : undefined

  const {
    problem,
    isSaving: isCreating,
    save,
  } = useSave(
    SellerLoginSchema,
    async (value) => {
      const login = api['gold-estates'].sellers[':id'].login
      const response = await login.$post({ param: { id: seller.id }, json: value })
      if (isQueuedResponse(response)) throw new TypeError('offline')
      setSentAgain(link !== undefined)
      setLink(await response.json())
    },
    { failedText: 'De setup-link kon niet gemaakt worden.' },
  )
  const create = () => save({ role })

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={hasLogin ? 'Nieuwe setup-link' : 'Inloggen toestaan'}
      description={
        hasLogin
          ? `${seller.name} kan al inloggen. Een nieuwe link maakt eerdere links ongeldig.`
          : `${seller.name} krijgt een eigen inlog voor Gold Estates en kiest via de setup-link een wachtwoord.`
      }
    >
      <div className="grid gap-4">
        {link?.invited && (
          <>
            <Alert title={`Uitnodiging verstuurd naar ${link.invitedTo}`}>
              <span className="inline-flex items-start gap-2">
                <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                {sentAgain ? 'Opnieuw verstuurd. ' : ''}De link in de e-mail is geldig tot{' '}
                {formatDateTime(link.expiresAt)}.
              </span>
            </Alert>
            {problem && (
              <Alert variant="destructive" title="Niet verstuurd">
                {problem}
              </Alert>
            )}
          </>
        )}
        {link && !link.invited && (
          <>
            <CopyLinkField label="Setup-link" value={link.setupUrl} />
            <p className="text-muted-foreground text-xs">
              Geldig tot {formatDateTime(link.expiresAt)}. Stuur de link naar {seller.email}.
            </p>
          </>
        )}
        {!link && (
          <>
            {!hasLogin && (
              <SelectField
                label="Rol in Gold Estates"
                name="salesRole"
                value={role}
                onChange={(event) => setRole(event.target.value as SalesUser['role'])}
                options={ROLE_CHOICES}
                disabled={!!blocker}
              />
            )}
            {blocker && <Alert title="Nog niet mogelijk">{blocker}</Alert>}
            {!blocker && !isOnline && (
              <Alert title="Je bent offline">
                <span className="inline-flex items-start gap-2">
                  <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
                  De setup-link komt van de server. Probeer het opnieuw zodra je online bent.
                </span>
              </Alert>
            )}
            {problem && (
              <Alert variant="destructive" title="Fout">
                {problem}
              </Alert>
            )}
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Sluiten
          </Button>
          {!link && (
            <Button onClick={create} disabled={!!blocker || !isOnline || isCreating}>
              <KeyRound aria-hidden />
              {isCreating ? 'Bezig...' : 'Setup-link maken'}
            </Button>
          )}
          {link?.invited && (
            <Button onClick={create} disabled={!isOnline || isCreating}>
              <Send aria-hidden />
              {isCreating ? 'Bezig...' : 'Opnieuw versturen'}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  )
}
