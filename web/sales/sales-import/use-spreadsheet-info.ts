import { useEffect, useState } from 'react'
import {
  INFO_LOOKUP_MIN_ID_LENGTH,
  SpreadsheetIdSchema,
  type SpreadsheetInfo,
} from '#schema/sales-import/payloads'
import { describeError } from '../../lib/server-message.ts'
import { getSpreadsheetInfo } from './sales-import-api.ts'

type InfoState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; info: SpreadsheetInfo }
  | { status: 'failed'; message: string }

// Typing an ID should not send a request per key press.
const DEBOUNCE_MS = 400

/**
 * The spreadsheet's title and tabs (docs/behaviour.md, The sale wizard): looked up only once the ID is longer than
 * 10 characters and valid, and only when Google Sheets is configured.
 */
export function useSpreadsheetInfo(spreadsheetId: string, isEnabled: boolean): InfoState {
  const [state, setState] = useState<InfoState>({ status: 'idle' })
  useEffect(() => {
    const id = spreadsheetId.trim()
    const parsed = SpreadsheetIdSchema.safeParse(id)
    if (!isEnabled || id.length < INFO_LOOKUP_MIN_ID_LENGTH || !parsed.success) {
      setState({ status: 'idle' })
      return
    }
    let isCurrent = true
    setState({ status: 'loading' })
    const timer = setTimeout(() => {
      getSpreadsheetInfo(parsed.data).then(
        (info) => isCurrent && setState({ status: 'ready', info }),
        (error) =>
          isCurrent &&
          setState({
            status: 'failed',
            message: describeError(error, 'De spreadsheet kon niet gelezen worden.'),
          }),
      )
    }, DEBOUNCE_MS)
    return () => {
      isCurrent = false
      clearTimeout(timer)
    }
  }, [spreadsheetId, isEnabled])
  return state
}
