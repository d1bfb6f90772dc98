import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/**
 * What the browser is told to trust, on every answer: scripts, connections and frames only
 * from this origin (no inline script: the theme is set by /theme.js), the app never framed,
 * no MIME sniffing, the path not leaked to other sites, and HSTS once served over HTTPS.
 * Styles may be inline: Radix's dialogs inject a <style> for the scroll lock, and a style
 * cannot run code.
 */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const isHttps = new URL(publicUrl).protocol === 'https:'
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Profile pictures of SSO accounts may live at the identity provider.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // blob: for the workers that the XLSX export's zip (fflate, inside write-excel-file)
      // starts from a Blob of its own code; only a script of this origin can make one.
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      fullscreen: ['self'],
    },
  })
}
