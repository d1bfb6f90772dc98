/**
 * An account's own fields as the wire names them, central or sales: the organisation's id
 * keeps its American spelling there (decision 020). No hash, no token.
 */
export function toWireAccount<Role extends string, Status extends string>(user: {
  id: string
  name: string
  email: string
  role: Role
  status: Status
  organisationId: string
}) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    organizationId: user.organisationId,
  }
}
