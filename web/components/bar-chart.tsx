import { useId } from 'react'

/** One bar: `label` names it in full (a date), null means nothing was reported. */
export type BarChartPoint = { label: string; value: number | null }

type BarChartProps = {
  title: string
  points: BarChartPoint[]
  formatValue: (value: number) => string
  /** The text under the first and the last bar. */
  axisLabels: [string, string]
  /** Shown instead of the bars when every value is zero or missing. */
  emptyText: string
}

const BAR_WIDTH = 10
const HEIGHT = 100

/**
 * A bar chart in plain SVG. The bars stretch to the width; the axis texts are HTML so they
 * keep their size on a phone. Screen readers get a one-sentence summary; the numbers
 * themselves belong in a table next to the chart.
 */
export function BarChart({ title, points, formatValue, axisLabels, emptyText }: BarChartProps) {
  const titleId = useId()
  const values = points.map((point) => point.value ?? 0)
  const max = Math.max(0, ...values)
  const peak = points[values.indexOf(max)]
  const summary =
    max > 0
      ? `${title}, ${axisLabels[0]} tot ${axisLabels[1]}: hoogste ${formatValue(max)} op ${peak?.label}.`
      : `${title}: ${emptyText}`

  return (
    <figure aria-labelledby={titleId} className="grid min-w-0 gap-2">
      <figcaption id={titleId} className="font-medium text-sm">
        {title}
      </figcaption>
      {max === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-6 text-center text-muted-foreground text-sm">
          {emptyText}
        </p>
      ) : (
        <div className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-2 gap-y-1">
          <div
            aria-hidden
            className="flex h-28 flex-col justify-between text-right text-muted-foreground text-xs tabular-nums"
          >
            <span className="-translate-y-1/2">{formatValue(max)}</span>
            <span className="translate-y-1/2">{formatValue(0)}</span>
          </div>
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${points.length * BAR_WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-28 w-full border-b border-l"
          >
            <line
              x1="0"
              x2={points.length * BAR_WIDTH}
              y1={HEIGHT / 2}
              y2={HEIGHT / 2}
              vectorEffect="non-scaling-stroke"
              strokeDasharray="3 3"
              className="stroke-border"
            />
            {points.map((point, index) => {
              if (!point.value) return null
              // A small value still gets a visible bar.
              const height = Math.max(2, (point.value / max) * HEIGHT)
              return (
                <rect
                  key={point.label}
                  x={index * BAR_WIDTH + 1.5}
                  y={HEIGHT - height}
                  width={BAR_WIDTH - 3}
                  height={height}
                  className="fill-primary"
                >
                  <title>{`${point.label}: ${formatValue(point.value)}`}</title>
                </rect>
              )
            })}
          </svg>
          <span />
          <div aria-hidden className="flex justify-between gap-2 text-muted-foreground text-xs">
            <span>{axisLabels[0]}</span>
            <span>{axisLabels[1]}</span>
          </div>
        </div>
      )}
    </figure>
  )
}
