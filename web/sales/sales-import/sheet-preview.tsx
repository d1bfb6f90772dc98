import type { SpreadsheetData } from '#schema/sales-import/payloads'
import { formatCount } from '../../lib/format-money.ts'

const cell = 'whitespace-nowrap px-3 py-2'

/**
 * The first rows of the range (docs/behaviour.md, Sheets import: 10) as a table under their headers. The table
 * scrolls sideways inside its own box, so a wide sheet never widens the page.
 */
export function SheetPreview({ data }: { data: SpreadsheetData }) {
  const headers = Object.keys(data.data[0] ?? {})
  if (data.rows === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Dit bereik bevat geen rijen onder de kolomnamen.
      </p>
    )
  }
  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="text-muted-foreground text-sm">
        Eerste {formatCount(data.data.length)} van {formatCount(data.rows)} rijen
      </figcaption>
      {/* Browsers make a scroller keyboard-focusable themselves (Chromium, Firefox). */}
      <div className="max-w-full overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="bg-muted/60">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className={`${cell} text-left font-medium`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {data.data.map((row, index) => (
              // Rows have no identity of their own; the preview never reorders them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                {headers.map((header) => (
                  <td key={header} className={cell}>
                    {row[header]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
