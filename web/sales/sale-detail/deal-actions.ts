import { type Currency, formatMoney } from '../../lib/format-money.ts'
import { getServerMessage } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  addPaymentPart,
  approveSale,
  cancelSale,
  DealInputError,
  type PaymentPartInput,
  type ReviewWriteResult,
  rejectSale,
  undoPaymentPart,
} from '../data/index.ts'

// The sale screen's writes with their toasts. Each is written on this device at once and
// replicated; a refusal by the server comes back later as "Wijziging geweigerd".

const FAILED = 'Er is iets misgegaan. Probeer het opnieuw.'

function showFailure(failure: unknown) {
  showToast({
    title: 'Fout',
    description: failure instanceof DealInputError ? failure.message : FAILED,
    variant: 'destructive',
  })
}

/** Runs a write; true when it was stored, false after the failure toast. */
async function attempt(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write()
    return true
  } catch (failure) {
    showFailure(failure)
    return false
  }
}

/** Books a payment part; true when stored. */
export async function registerPayment(
  line: { id: string; saleId: string },
  part: PaymentPartInput,
  { sellerName, currency }: { sellerName: string; currency: Currency },
) {
  const isStored = await attempt(() => addPaymentPart(line, part))
  if (isStored) {
    showToast({
      title: 'Betaling geregistreerd',
      description: `${sellerName}: ${formatMoney(part.amount, currency)}`,
    })
  }
  return isStored
}

/** Undoes a payment part after the person confirms it. */
export async function undoPayment(
  part: { id: string; amount: number; paidOn: string },
  {
    sellerName,
    currency,
    paidOnText,
  }: { sellerName: string; currency: Currency; paidOnText: string },
) {
  const amount = formatMoney(part.amount, currency)
  const question = `Weet je zeker dat je de betaling van ${amount} (${sellerName}, ${paidOnText}) ongedaan wilt maken? Het bedrag staat dan weer open.`
  if (!window.confirm(question)) return
  const isStored = await attempt(() => undoPaymentPart(part.id))
  if (isStored) {
    showToast({ title: 'Betaling ongedaan gemaakt', description: `${sellerName}: ${amount}` })
  }
}

/** Cancels the sale; true when stored. */
export async function cancelDeal(saleId: string, reason: string) {
  const isStored = await attempt(() => cancelSale(saleId, reason))
  if (isStored) {
    showToast({
      title: 'Verkoop geannuleerd',
      description: 'Onbetaalde commissies vervallen; wat al betaald is wordt teruggevorderd.',
    })
  }
  return isStored
}

/** Runs a review call; says whether it went now or waits for a connection. */
async function attemptReview(
  write: () => Promise<ReviewWriteResult>,
  done: { title: string; description: string },
) {
  try {
    const { isQueued } = await write()
    showToast(
      isQueued
        ? { title: done.title, description: 'Wordt verstuurd zodra er weer verbinding is.' }
        : done,
    )
    return true
  } catch (failure) {
    showToast({
      title: 'Fout',
      description: getServerMessage(failure) ?? FAILED,
      variant: 'destructive',
    })
    return false
  }
}

/** "Goedkeuren": true when sent or queued. */
export function approveDeal(saleId: string, seq: number) {
  return attemptReview(() => approveSale(saleId, seq), {
    title: 'Verkoop goedgekeurd',
    description: 'De commissies tellen nu mee en kunnen betaald worden.',
  })
}

/** "Afwijzen" of the sale as shown (`seq`) with the reason: true when sent or queued. */
export function rejectDeal(saleId: string, seq: number, reason: string) {
  return attemptReview(() => rejectSale(saleId, seq, reason), {
    title: 'Verkoop afgewezen',
    description: 'De verkoper ziet je reden en kan de verkoop corrigeren.',
  })
}
