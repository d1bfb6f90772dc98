import { AppError, type AppErrorCode } from '../errors/app-error.ts'

/** A heavy task's outcome as it crosses threads: its value, or the refusal it threw. */
export type WorkerAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; code: AppErrorCode; message: string; details: AppError['details'] }

/** The value, or the refusal thrown again as the AppError it was in the worker. */
export function unwrapAnswer<T>(answer: WorkerAnswer<T>): T {
  if (answer.ok) return answer.value
  throw new AppError(answer.code, answer.message, answer.details)
}
