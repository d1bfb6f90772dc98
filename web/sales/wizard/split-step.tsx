import { Plus, TriangleAlert } from 'lucide-react'
import { EXTRA_COMMISSION_WARNING_PERCENTAGE } from '#schema/commission'
import type { SellerDocument } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { cn } from '../../lib/class-names.ts'
import { type Currency, formatTypedPercentage } from '../../lib/format-money.ts'
import { CommissionSummary } from './commission-summary.tsx'
import { ExtraLineRow } from './extra-line-row.tsx'
import { type FormProposals, NO_PROPOSALS } from './plan-lines.ts'
import { type calculateForm, createTeamLine, EXTRA_LINES, type SaleForm } from './sale-form.ts'
import { TeamLineRow } from './team-line-row.tsx'

type SplitStepProps = {
  form: SaleForm
  /** The plans' proposal per line (decision 040); none without plans. */
  proposals?: FormProposals
  planNames?: ReadonlyMap<string, string>
  result: ReturnType<typeof calculateForm>
  sellers: readonly SellerDocument[]
  currency: Currency
  onChange: (patch: Partial<SaleForm>) => void
}

/**
 * Step 4, Commissie splits: sales-team lines (summed, no cap) and the three extra lines;
 * above 50 % extra commission a warning that does not block (docs/behaviour.md, The sale wizard).
 */
export function SplitStep(props: SplitStepProps) {
  const { form, result, sellers, currency, onChange, planNames } = props
  const proposals = props.proposals ?? NO_PROPOSALS
  const setTeamLines = (teamLines: SaleForm['teamLines']) => onChange({ teamLines })
  const isAbove = result.isExtraAboveWarning
  return (
    <div className="grid gap-6">
      <section aria-labelledby="team-lines-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="team-lines-title" className="font-semibold">
            Sales team
          </h3>
          <p className="text-muted-foreground text-sm">
            Totaal sales team:{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {formatTypedPercentage(result.salesTeamPercentage)}
            </span>
          </p>
        </div>
        <ul className="grid gap-3">
          {form.teamLines.map((line, index) => (
            <TeamLineRow
              key={line.key}
              line={line}
              number={index + 1}
              sellers={sellers}
              amountCents={result.teamAmountsCents[index] ?? 0}
              currency={currency}
              canRemove={form.teamLines.length > 1}
              proposal={proposals.team[index] ?? null}
              planNames={planNames}
              onChange={(changed) =>
                setTeamLines(form.teamLines.map((item) => (item.key === line.key ? changed : item)))
              }
              onRemove={() => setTeamLines(form.teamLines.filter((item) => item.key !== line.key))}
            />
          ))}
        </ul>
        {proposals.team.some(Boolean) && <OfficeShare percentage={result.salesTeamPercentage} />}
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => setTeamLines([...form.teamLines, createTeamLine()])}
        >
          <Plus aria-hidden />
          Verkoper toevoegen
        </Button>
      </section>

      <section aria-labelledby="extra-lines-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="extra-lines-title" className="font-semibold">
            Extra commissies
          </h3>
          <p className={cn('text-sm', isAbove ? 'text-destructive' : 'text-muted-foreground')}>
            Totaal extra:{' '}
            <span className="font-semibold tabular-nums">
              {formatTypedPercentage(result.extraPercentage)}
            </span>
            {isAbove && (
              <span className="ml-1 font-semibold">
                (Boven {EXTRA_COMMISSION_WARNING_PERCENTAGE}%!)
              </span>
            )}
          </p>
        </div>
        {isAbove && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-amber-800 text-sm dark:text-amber-300"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {`Waarschuwing: Extra commissies boven ${EXTRA_COMMISSION_WARNING_PERCENTAGE}% (${formatTypedPercentage(result.extraPercentage)})`}
          </p>
        )}
        <ul className="grid gap-3">
          {EXTRA_LINES.map(({ commissionType, label }) => (
            <ExtraLineRow
              key={commissionType}
              label={label}
              line={form.extraLines[commissionType]}
              sellers={sellers}
              amountCents={result.extraAmountsCents[commissionType]}
              currency={currency}
              proposal={proposals.extras[commissionType]}
              planNames={planNames}
              onChange={(line) =>
                onChange({ extraLines: { ...form.extraLines, [commissionType]: line } })
              }
            />
          ))}
        </ul>
      </section>

      <CommissionSummary
        form={form}
        result={result}
        sellers={sellers}
        currency={currency}
        showSplits
      />
    </div>
  )
}

/** With plans the rest of the net commission is the office's own (issue 48 §4). */
function OfficeShare({ percentage }: { percentage: number }) {
  const rest = Math.max(0, Math.round((100 - percentage) * 10_000) / 10_000)
  return (
    <p className="text-muted-foreground text-sm">
      Volgens de plannen krijgt het team {formatTypedPercentage(percentage)} van de netto commissie;
      de rest ({formatTypedPercentage(rest)}) is het aandeel van Kantoor. De server berekent de
      definitieve regels bij het versturen.
    </p>
  )
}
