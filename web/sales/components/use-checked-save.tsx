import type { z } from 'zod'
import { useSave } from '../../lib/use-save.tsx'

/**
 * useSave for the sale screen's dialogs (web/sales/sale-detail), which show their own
 * toasts and pass a failed save on. Kept only so that folder did not change with the move
 * of the hook to web/lib; new forms call useSave.
 */
export function useCheckedSave<Field extends string, Schema extends z.ZodType>(
  schema: Schema,
  fields: readonly Field[],
  onSave: (value: z.output<Schema>) => Promise<void>,
) {
  return useSave(schema, onSave, { fields })
}
