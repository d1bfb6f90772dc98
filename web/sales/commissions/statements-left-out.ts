import { showToast } from '../../lib/toasts.ts'

/**
 * The sellers the server left out of the statements zip (their statement has too many
 * lines), from the answer's headers: how many, and the first names. Empty when none.
 */
export function readLeftOutSellers(response: Response): { count: number; names: string[] } {
  const count = Number(response.headers.get('x-statements-left-out-count') ?? 0)
  if (!(count > 0)) return { count: 0, names: [] }
  try {
    const names: unknown = JSON.parse(
      decodeURIComponent(response.headers.get('x-statements-left-out') ?? '[]'),
    )
    return {
      count,
      names: Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [],
    }
  } catch {
    return { count, names: [] }
  }
}

/** Tells the person, after the zip is saved, whose statement is not in it and what to do. */
export function showLeftOutSellers(response: Response) {
  const { count, names } = readLeftOutSellers(response)
  if (count === 0) return
  const more = count > names.length ? ` en ${count - names.length} anderen` : ''
  showToast({
    title: count === 1 ? '1 afrekening niet in de zip' : `${count} afrekeningen niet in de zip`,
    description:
      `Te veel regels voor één afrekening: ${names.join(', ')}${more}. ` +
      'Download die apart met een kortere periode; niet-opgenomen.txt in de zip noemt ze allemaal.',
    variant: 'destructive',
  })
}
