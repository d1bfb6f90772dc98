import { useSearchParams } from 'react-router-dom'
import { Alert } from '../../components/alert.tsx'
import { AuthLayout } from '../auth-layout.tsx'
import { LoginForm } from './login-form.tsx'

/** /login, and every unknown path while signed out (spec §2). */
export function LoginPage() {
  const [searchParams] = useSearchParams()
  // The server sends the browser back here with ?error=... when single sign-on fails.
  const error = searchParams.get('error')
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
