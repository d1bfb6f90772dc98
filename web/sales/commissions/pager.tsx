import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../../components/button.tsx'
import { formatCount } from '../../lib/format-money.ts'

type PagerProps = { page: number; pageSize: number; total: number; onPage: (page: number) => void }

/** Previous and next through a long list, with where you are in it. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages === 1) return null
  const first = page * pageSize + 1
  const last = Math.min(total, (page + 1) * pageSize)
  return (
    <nav aria-label="Pagina's" className="flex items-center justify-between gap-3 pt-4">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page - 1)}
        disabled={page === 0}
        aria-label="Vorige pagina"
      >
        <ChevronLeft aria-hidden />
        <span className="hidden sm:inline">Vorige</span>
      </Button>
      <p className="text-center text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {formatCount(first)}–{formatCount(last)} van {formatCount(total)}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
        aria-label="Volgende pagina"
      >
        <span className="hidden sm:inline">Volgende</span>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  )
}
