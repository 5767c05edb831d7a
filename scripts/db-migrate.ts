// `npm run db:migrate`: applies the committed migrations (start-up does this too).
import { withDatabase } from './cli-db'

await withDatabase(async () => {
  console.log('Migrations are up to date.')
})
