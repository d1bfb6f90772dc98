import { Plus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { OrganisationCreateSchema } from '#schema/central'
import { ProblemLine } from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { useSave } from '../../lib/use-save.tsx'

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

/** Nieuwe organisatie: name and unique slug (POST /api/organisations). */
export function CreateOrganisationForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [isSlugEdited, setIsSlugEdited] = useState(false)
  const { problem, isSaving, save } = useSave(
    OrganisationCreateSchema,
    async (input) => {
      const response = await api.organisations.$post({ json: input })
      if (!isQueuedResponse(response)) onCreated()
      setName('')
      setSlug('')
      setIsSlugEdited(false)
      return response
    },
    {
      savedToast: (response, input) =>
        isQueuedResponse(response)
          ? {
              title: 'Opgeslagen op dit apparaat',
              description: `Organisatie ${input.name} wordt aangemaakt zodra je online bent.`,
            }
          : { title: 'Organisatie aangemaakt', description: input.name },
      failedText: 'De organisatie kon niet worden aangemaakt.',
    },
  )

  function create(event: FormEvent) {
    event.preventDefault()
    void save({ name, slug })
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
      <ProblemLine problem={problem} />
      <div>
        <Button type="submit" disabled={isSaving}>
          <Plus aria-hidden />
          {isSaving ? 'Bezig...' : 'Organisatie aanmaken'}
        </Button>
      </div>
    </form>
  )
}
