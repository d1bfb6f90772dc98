import { UsersRound } from 'lucide-react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'
import { CardContent, IconCard } from '../../components/card.tsx'

/** SUPERADMIN only (docs/behaviour.md): the way to Gebruikersbeheer. */
export function UsersLinkCard() {
  return (
    <IconCard
      Icon={UsersRound}
      title="Gebruikersbeheer"
      description="Voeg gebruikers toe, wijzig hun rol en status of verwijder ze."
    >
      <CardContent>
        <Link to="/users" className={buttonClass('outline')}>
          Open Gebruikersbeheer
        </Link>
      </CardContent>
    </IconCard>
  )
}
