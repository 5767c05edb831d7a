// The engine's tables from the command line (issue 34):
//   npm run tables -- assign   seats every active booking from today on that sits at no table
//                              (best fit, in time order), each with its audit row ('command line');
//                              lists those that fit nowhere.
import { formatLongDate, formatTime12, todayIn } from '#common/time'
import { COMMAND_LINE } from '../server/audit/audit'
import { assignWaitingBookings } from '../server/reservations/table-assignment'
import { withDatabase } from './cli-db'

const USAGE = 'Usage: npm run tables -- assign'

async function main() {
  const [command] = process.argv.slice(2)
  if (command !== 'assign') {
    console.error(USAGE)
    process.exit(1)
  }
  await withDatabase(async (db, config) => {
    const { assigned, unplaced } = await assignWaitingBookings(db, { today: todayIn(new Date(), config.venueTimezone), actor: COMMAND_LINE })
    for (const a of assigned) console.log(`${a.date} ${a.startTime} ${a.name} (${a.partySize}): ${a.tables.join(' + ')}`)
    console.log(`${assigned.length} booking(s) seated.`)
    if (unplaced.length) {
      console.log(`${unplaced.length} booking(s) fit no free table and need one (All Reservations, 'Needs a table'):`)
      for (const u of unplaced) console.log(`- ${formatLongDate(u.date)}, ${formatTime12(u.startTime)}: ${u.name}, ${u.partySize} guests`)
    }
  })
}

await main()
