import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { LandingPage } from './landing-page.tsx'

/** The landing page as HTML, for the page a signed-out visitor opens at / (decision 014). */
export function prerenderLandingPage(): string {
  return renderToString(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  )
}
