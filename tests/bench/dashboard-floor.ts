import type { TestServer } from '../support/test-server.ts'

/**
 * Reads every live row of the tables the commission dashboard adds up, straight from the
 * organisation's file: the floor its endpoint is measured against.
 */
export function readDashboardRows(server: TestServer, organisationId: string) {
  const client = server.deps.organisations.get(organisationId).$client
  for (const table of ['sales', 'commissions', 'sales_projects', 'sales_sellers']) {
    client.prepare(`select * from ${table} where deleted = 0`).all()
  }
}
