import { useSearchParams } from 'react-router-dom'
import { describeLoginError } from '#schema/login-errors'
import { Alert } from '../../components/alert.tsx'
import { AuthLayout } from '../auth-layout.tsx'
import { LoginForm } from './login-form.tsx'

/** /login, and every unknown path while signed out (docs/behaviour.md). */
export function LoginPage() {
  const [searchParams] = useSearchParams()
  // The server sends the browser back here with ?error=<code> when single sign-on fails;
  // only known codes show a text, so a link cannot put its own words on this page.
  const error = describeLoginError(searchParams.get('error'))
  return (
    <AuthLayout title="Log in to your account" description="Welcome back to Centraal.">
      {error && (
        <div className="mb-6">
          <Alert variant="destructive" title="Sign-in failed">
            {error}
          </Alert>
        </div>
      )}
      <LoginForm />
    </AuthLayout>
  )
}
