import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'
import { describeZodError } from '#schema/describe-zod-error'
import { AppError } from '../errors/app-error.ts'

/**
 * zValidator with the product's answer to bad input: 400 `{ message, errors }`, where
 * message names the first problem and errors lists them all (path and message).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return
    const errors = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }))
    throw new AppError('invalid_input', describeZodError(result.error), { errors })
  })
}
