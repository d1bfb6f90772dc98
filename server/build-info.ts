import type { BuildInfo } from '#schema/build-info'
import { describeBuild } from './describe-build.ts'

declare const __CENTRAAL_BUILD__: BuildInfo | undefined

/** The running server's build (GET /api/health): the compiled one's, or described at start. */
export const SERVER_BUILD: BuildInfo =
  typeof __CENTRAAL_BUILD__ === 'undefined' ? describeBuild() : __CENTRAAL_BUILD__
