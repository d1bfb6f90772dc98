/** Joins the truthy class names. */
export function cn(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}
