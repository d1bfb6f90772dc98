import type { Env } from '../env.ts'
import { AppError } from '../errors/app-error.ts'
import type * as HeavyWorker from './heavy-worker.ts'

// What a heavy job may cost before it is ended: a time budget per task (the thread is
// terminated when it runs out) and one heap bound for the worker (resourceLimits). Each
// ended job is answered 413 with what the person can do about it; the limits before the
// reader (import-limits.ts) refuse the shapes known to be costly sooner and more precisely,
// these catch what they do not foresee.

/** A heavy task's name: what the worker (heavy-worker.ts) can do. */
export type TaskName = Exclude<keyof typeof HeavyWorker, 'default'>

/** A task's budget and the words its refusal uses. */
export type Budget = { seconds: number; what: string; advice: string }

const IMPORT_ADVICE =
  'Verdeel de verkopen over kleinere bestanden en importeer ze na elkaar; verkopen die al ' +
  'geïmporteerd zijn, slaat een nieuwe import over.'

const BUDGETS: Record<TaskName, { what: string; advice: string; isImport?: true }> = {
  importFile: { what: 'Het bestand', advice: IMPORT_ADVICE, isImport: true },
  importSheet: { what: 'Het Google Sheets-blad', advice: IMPORT_ADVICE, isImport: true },
  restore: {
    what: 'De backup',
    advice:
      'Mogelijk is de backup niet (helemaal) teruggezet: zet hem opnieuw terug, of neem contact op met de beheerder van de server als dit blijft gebeuren.',
  },
  makeBackup: {
    what: 'De backup',
    advice: 'Probeer het later opnieuw of neem contact op met de beheerder van de server.',
  },
  makeStatementsZip: {
    what: 'Het zip-bestand met afrekeningen',
    advice: 'Kies een kortere periode, of download de afrekeningen per verkoper.',
  },
  renderStatement: {
    what: 'De afrekening',
    advice: 'Kies een kortere periode.',
  },
  snapshotOrganisation: { what: 'De kopie', advice: 'Een volgende ronde probeert het opnieuw.' },
  snapshotSystem: { what: 'De kopie', advice: 'Een volgende ronde probeert het opnieuw.' },
}

/** The budget of a task: imports are bounded tighter than restores and downloads. */
export function budgetOf(env: Env, name: TaskName): Budget {
  const { isImport, ...words } = BUDGETS[name]
  return { seconds: isImport ? env.HEAVY_WORK_IMPORT_SECONDS : env.HEAVY_WORK_SECONDS, ...words }
}

const formatSeconds = (seconds: number) => seconds.toLocaleString('nl-NL')

/** The 413 for a task ended over its budget or its heap, or null for any other failure. */
export function refusalOf(error: unknown, budget: Budget): AppError | null {
  if (!(error instanceof Error)) return null
  if (error.name === 'AbortError') {
    return new AppError(
      'payload_too_large',
      `${budget.what} kon niet binnen ${formatSeconds(budget.seconds)} seconden verwerkt worden en is afgebroken. ${budget.advice}`,
    )
  }
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new AppError(
      'payload_too_large',
      `${budget.what} vraagt meer geheugen dan de server er één taak voor geeft en is afgebroken. ${budget.advice}`,
    )
  }
  return null
}
