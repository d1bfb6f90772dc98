import type { ServerCollection } from '../collection.ts'
import { activitiesCollection } from './activities.ts'
import { appConnectionsCollection } from './app-connections.ts'
import {
  commissionPlansCollection,
  commissionPlanVersionsCollection,
  planPlacementsCollection,
  projectRatesCollection,
} from './commission-plans.ts'
import {
  commissionPaymentsCollection,
  commissionsCollection,
  projectsCollection,
  salesCollection,
  sellersCollection,
} from './sales.ts'
import { usersCollection } from './users.ts'

/** Every replicated collection by name; the sales area adds its own here. */
export const SERVER_COLLECTIONS: ReadonlyMap<string, ServerCollection> = new Map(
  [
    usersCollection,
    appConnectionsCollection,
    activitiesCollection,
    projectsCollection,
    sellersCollection,
    salesCollection,
    commissionsCollection,
    commissionPaymentsCollection,
    commissionPlansCollection,
    commissionPlanVersionsCollection,
    planPlacementsCollection,
    projectRatesCollection,
  ].map((collection) => [collection.name, collection]),
)
