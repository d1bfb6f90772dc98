/**
 * How an app reports its usage (POST /api/usage with its key as Bearer token), with the
 * metrics the Apps screen knows. The example scrolls on its own, never the page.
 */
export function UsageHowTo() {
  const example = [
    `curl -X POST ${window.location.origin}/api/usage \\`,
    '  -H "Authorization: Bearer <API-sleutel>" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"metric":"api_calls","value":1}'`,
  ].join('\n')
  return (
    <div className="grid gap-2 text-muted-foreground text-sm">
      <p>
        Een app meldt zijn gebruik zelf: met een API-sleutel stuurt hij een POST naar{' '}
        <code className="font-mono text-foreground text-xs">/api/usage</code>, met de sleutel als
        Bearer-token. Per melding één metriek en een waarde; zonder datum telt het voor vandaag.
      </p>
      <ul className="grid gap-1 pl-4 [list-style:disc]">
        <li>
          <code className="font-mono text-foreground text-xs">api_calls</code>: aantal aanroepen,
          opgeteld per dag
        </li>
        <li>
          <code className="font-mono text-foreground text-xs">cost_cents</code>: kosten in centen,
          opgeteld per dag
        </li>
        <li>
          <code className="font-mono text-foreground text-xs">db_bytes</code>: grootte van de
          database in bytes, de hoogste melding van de dag telt
        </li>
      </ul>
      <p>Voorbeeld:</p>
      <pre
        // Focusable so a keyboard can scroll the example sideways.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable
        tabIndex={0}
        className="overflow-x-auto rounded-md border bg-muted/60 p-3 font-mono text-foreground text-xs leading-relaxed"
      >
        {example}
      </pre>
    </div>
  )
}
