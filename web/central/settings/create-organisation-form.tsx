import { Plus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { OrganisationCreateSchema } from '#schema/central'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { apiRequest, isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'

/** A slug suggestion from a name: "Acme B.V." → "acme-b-v". */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
}

/** Nieuwe organisatie: name and unique slug (POST /api/organizations). */
export function CreateOrganisationForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [isSlugEdited, setIsSlugEdited] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    const input = OrganisationCreateSchema.safeParse({ name, slug })
    if (!input.success) {
      setProblem(input.error.issues[0]?.message ?? 'Ongeldige invoer')
      return
    }
    setProblem(undefined)
    setIsSaving(true)
    try {
      const response = await apiRequest('POST', '/api/organizations', input.data)
      if (isQueuedResponse(response)) {
        showToast({
          title: 'Opgeslagen op dit apparaat',
          description: `Organisatie ${input.data.name} wordt aangemaakt zodra je online bent.`,
        })
      } else {
        showToast({ title: 'Organisatie aangemaakt', description: input.data.name })
        onCreated()
      }
      setName('')
      setSlug('')
      setIsSlugEdited(false)
    } catch (error) {
      setProblem(describeError(error, 'De organisatie kon niet worden aangemaakt.'))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form onSubmit={create} noValidate className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field
          label="Naam"
          name="organisationName"
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            if (!isSlugEdited) setSlug(suggestSlug(event.target.value))
          }}
          required
          placeholder="Acme BV"
        />
        <Field
          label="Slug"
          name="slug"
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value)
            setIsSlugEdited(true)
          }}
          required
          placeholder="acme-bv"
          hint="Kleine letters, cijfers en streepjes; uniek."
        />
      </div>
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSaving}>
          <Plus aria-hidden />
          {isSaving ? 'Bezig...' : 'Organisatie aanmaken'}
        </Button>
      </div>
    </form>
  )
}
