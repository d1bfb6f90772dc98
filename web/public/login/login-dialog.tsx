import { Dialog } from '../../components/dialog.tsx'
import { LoginForm } from './login-form.tsx'

type LoginDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** The landing page's login dialog: the same content as /login. */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log in to your account"
      description="Welcome back to Centraal."
      closeLabel="Close"
    >
      <LoginForm />
    </Dialog>
  )
}
