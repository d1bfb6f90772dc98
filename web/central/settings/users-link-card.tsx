import { UsersRound } from 'lucide-react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx'

/** SUPERADMIN only (docs/behaviour.md): the way to Gebruikersbeheer. */
export function UsersLinkCard() {
  return (
    <Card aria-labelledby="users-link-title">
      <CardHeader>
        <CardTitle id="users-link-title" className="flex items-center gap-2">
          <UsersRound aria-hidden className="size-5 text-primary" />
          Gebruikersbeheer
        </CardTitle>
        <CardDescription>
          Voeg gebruikers toe, wijzig hun rol en status of verwijder ze.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/users" className={buttonClass('outline')}>
          Open Gebruikersbeheer
        </Link>
      </CardContent>
    </Card>
  )
}
