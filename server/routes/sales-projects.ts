import { Hono } from 'hono'
import { ProjectCreateSchema, ProjectUpdateSchema, SalesIdParamSchema } from '#schema/sales'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'
import { createProject, updateProject } from '../services/sales/save-project.ts'
import { toProjectDocument } from '../services/sales/to-sales-documents.ts'

/** Gold Estates projects (docs/behaviour.md, Projects and sellers), at /gold-estates/projects. */
export function salesProjectRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(loadSalesData(requireSalesContext(deps, c)).projects))
    .post('/', validate('json', ProjectCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toProjectDocument(createProject(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      '/:id',
      validate('param', SalesIdParamSchema),
      validate('json', ProjectUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toProjectDocument(updateProject(ctx, c.req.valid('param').id, c.req.valid('json'))),
        )
      },
    )
}
