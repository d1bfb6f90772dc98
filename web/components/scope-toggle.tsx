import * as ToggleGroup from 'radix-ui/toggle-group'
import type { SyncRefusalScope } from '#schema/sync-refusals'

const OPTIONS: readonly { value: SyncRefusalScope; label: string }[] = [
  { value: 'own', label: 'Alleen van mij' },
  { value: 'organisation', label: 'Hele organisatie' },
]

/** Whose refused changes a list shows: the person's own, or everyone's in the organisation. */
export function ScopeToggle({
  value,
  onChange,
}: {
  value: SyncRefusalScope
  onChange: (value: SyncRefusalScope) => void
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // Radix answers '' when the pressed item is pressed again: one stays chosen.
      onValueChange={(next) => next && onChange(next as SyncRefusalScope)}
      aria-label="Wiens wijzigingen"
      className="flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-fit"
    >
      {OPTIONS.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className="flex-1 whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm sm:flex-none"
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  )
}
