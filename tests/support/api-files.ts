import { openOrganisationFile, openSystemFile } from './sqlite.ts'

type File = ReturnType<typeof openSystemFile>

/** The first column of the first row `sql` reads from `file`, which is closed after. */
function readValue(file: File, sql: string, params: unknown[]) {
  try {
    return file
      .prepare(sql)
      .pluck()
      .get(...params)
  } finally {
    file.close()
  }
}

/** The first column of the first row `sql` reads from the system file. */
export const readSystemValue = (dataDir: string, sql: string, ...params: unknown[]) =>
  readValue(openSystemFile(dataDir), sql, params)

/** The first column of the first row `sql` reads from the default organisation's file. */
export const readOrganisationValue = (dataDir: string, sql: string, ...params: unknown[]) =>
  readValue(openOrganisationFile(dataDir), sql, params)
