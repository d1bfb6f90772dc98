import { KeyRound } from 'lucide-react'
import { Button } from '../../components/button.tsx'
import { AppleIcon, GitHubIcon, GoogleIcon, XIcon } from './provider-icons.tsx'
import { useSingleSignOn } from './use-single-sign-on.ts'

const SOCIAL_PROVIDERS = [
  { name: 'Google', Icon: GoogleIcon },
  { name: 'GitHub', Icon: GitHubIcon },
  { name: 'Apple', Icon: AppleIcon },
  { name: 'X', Icon: XIcon },
] as const

/** docs/behaviour.md: SSO and every social provider go through the server's single sign-in entry. */
function startSingleSignOn() {
  window.location.href = '/api/login'
}

/**
 * 'Or continue with': Use SSO login and the four social providers, when single sign-on is
 * configured (useSingleSignOn); otherwise nothing, not even the divider.
 */
export function SignInOptions() {
  const isSingleSignOn = useSingleSignOn()
  if (!isSingleSignOn) return null
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase">
        <span className="h-px flex-1 bg-border" />
        Or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" className="w-full" onClick={startSingleSignOn}>
        <KeyRound aria-hidden />
        Use SSO login
      </Button>
      <ul className="grid grid-cols-4 gap-2">
        {SOCIAL_PROVIDERS.map(({ name, Icon }) => (
          <li key={name}>
            <Button
              variant="outline"
              className="w-full [&_svg]:size-5"
              aria-label={`Continue with ${name}`}
              title={`Continue with ${name}`}
              onClick={startSingleSignOn}
            >
              <Icon />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
