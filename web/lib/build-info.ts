import type { BuildInfo } from '#schema/build-info'

declare const __CENTRAAL_BUILD__: BuildInfo

/** The running web app's build (Instellingen → Systeem), put in by Vite (vite.config.ts). */
export const WEB_BUILD: BuildInfo = __CENTRAAL_BUILD__
