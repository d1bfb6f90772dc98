import { FEATURES } from './features.ts'

export function FeatureGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURES.map(({ title, description, Icon }) => (
        <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
          <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-primary/12 text-primary">
            <Icon aria-hidden className="size-5" />
          </span>
          <h3 className="mb-2 font-semibold text-lg">{title}</h3>
          <p className="text-muted-foreground text-sm leading-relaxed">{description}</p>
        </li>
      ))}
    </ul>
  )
}
