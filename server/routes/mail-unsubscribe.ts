import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { readUnsubscribeToken } from '../mail/notification-links.ts'
import { unsubscribe } from '../services/notifications/unsubscribe.ts'

// A page of its own, outside the app: the link is opened from a mail, often on a device
// where nobody is signed in. Nothing of the token or the address is echoed.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#f7f8fb;color:#1b1f33;margin:0;padding:24px 12px"><main style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e3e5ec;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${title}</h1>${body}</main></body></html>`

const INVALID = page(
  'Deze afmeldlink werkt niet',
  '<p>De link is onvolledig of niet van deze installatie. Je kunt je meldingen aanpassen bij Instellingen.</p>',
)
const DONE = page(
  'Je bent afgemeld',
  '<p>Je ontvangt deze meldingen niet meer per e-mail. Je kunt ze weer aanzetten bij Instellingen.</p>',
)

/**
 * The List-Unsubscribe address of notification mails: GET shows a button (a link scanner
 * that opens it changes nothing), POST switches the mail off — also the mail provider's
 * one-click POST (RFC 8058, body List-Unsubscribe=One-Click), which carries no session.
 */
export function mailUnsubscribeRoutes(deps: AppDeps) {
  const box = getSecretBox(deps.env)
  return new Hono<AppEnv>()
    .get('/unsubscribe/:token', (c) => {
      if (!readUnsubscribeToken(box, c.req.param('token'))) return c.html(INVALID, 400)
      return c.html(
        page(
          'Afmelden voor e-mailmeldingen',
          '<p>Wil je deze meldingen niet meer per e-mail ontvangen?</p><form method="post"><button type="submit" style="background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;font-weight:600">Afmelden</button></form>',
        ),
      )
    })
    .post('/unsubscribe/:token', async (c) => {
      const target = readUnsubscribeToken(box, c.req.param('token'))
      if (!target) return c.html(INVALID, 400)
      await unsubscribe(deps, target)
      return c.html(DONE, 200)
    })
}
