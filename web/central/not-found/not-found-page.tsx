import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'

/** Any unknown path while signed in. */
export function NotFoundPage() {
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      <p className="font-bold text-5xl text-muted-foreground">404</p>
      <h1 className="font-semibold text-2xl">404 Page Not Found</h1>
      <p className="text-muted-foreground">Deze pagina bestaat niet (meer).</p>
      <Link to="/" className={buttonClass('primary')}>
        Naar het dashboard
      </Link>
    </div>
  )
}
