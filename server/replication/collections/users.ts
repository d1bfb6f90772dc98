import { UserCreateSchema, UserUpdateSchema } from '#schema/central'
import { users } from '#schema/db/organisation'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { AppError } from '#server/errors/app-error'
import { createUser } from '#server/services/users/create-user'
import { deleteUser } from '#server/services/users/delete-user'
import { toUserDocument } from '#server/services/users/to-user-document'
import { updateUser } from '#server/services/users/update-user'
import { defineTableCollection } from '../define-table-collection.ts'

/** Users, as a projection without secrets. The e-mail is set once, at creation. */
export const usersCollection = defineTableCollection({
  name: 'users',
  table: users,
  readPermission: 'users.read',
  toDocument: toUserDocument,
  writableFields: WRITABLE_FIELDS.users,
  write: {
    create: (ctx, id, fields) => createUser(ctx, UserCreateSchema.parse(fields), { id }).follow,
    update: (ctx, id, changes) => {
      if ('email' in changes) {
        throw new AppError(
          'invalid_input',
          'Het e-mailadres van een gebruiker kan niet gewijzigd worden',
        )
      }
      return updateUser(ctx, id, UserUpdateSchema.parse(changes)).follow
    },
    delete: (ctx, id) => deleteUser(ctx, id).follow,
  },
})
