// `npm run db:seed`: fills what is missing of the demo venue; never overwrites staff changes.
import { seed } from '../server/db/seed'
import { withDatabase } from './cli-db'

await withDatabase(async (db, config) => {
  await seed(db, { now: new Date(), timeZone: config.venueTimezone, demoPlan: config.demoPlan })
  console.log('Seeded the demo venue (existing rows left as they were).')
})
