import * as React from 'react'
import { useSearchParams } from 'react-router'
import { ADMIN_MESSAGES } from '#common/messages'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { useCan } from '~/lib/current-user'
import { PanelHeader } from '../panel'
import { DaysThatMatter } from './days-that-matter'
import { HourExceptions } from './hour-exceptions'
import { StandardHours } from './standard-hours'

const TABS = ['standard', 'exceptions', 'days'] as const
const tabOf = (value: string | null) => TABS.find((t) => t === value) ?? 'standard'

/**
 * Table Booking Hours (SPEC.md section 2): the usual week, the dates that differ, and the bank holidays and
 * festive days (issue 36). Managers and owners change them; staff see them.
 */
export default function HoursPanel() {
  const canWrite = useCan('content.write')
  // The banner's link opens the Bank Holidays tab (?tab=days), even with the panel already open.
  const [params] = useSearchParams()
  const asked = params.get('tab')
  const [tab, setTab] = React.useState(() => tabOf(asked))
  React.useEffect(() => {
    if (asked) setTab(tabOf(asked))
  }, [asked])
  return (
    <section aria-labelledby="hours-title" className="space-y-5">
      <PanelHeader
        titleId="hours-title"
        title="Table Booking Hours"
        description={`When guests can book a table online. ${canWrite ? 'The booking page and its calendar follow these at once.' : ADMIN_MESSAGES.managerChanges('them')}`}
      />
      <Tabs value={tab} onValueChange={(value) => setTab(tabOf(value))}>
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="standard">Standard Hours</TabsTrigger>
          <TabsTrigger value="exceptions">Hour Exceptions</TabsTrigger>
          <TabsTrigger value="days">Bank Holidays</TabsTrigger>
        </TabsList>
        <TabsContent value="standard">
          <StandardHours />
        </TabsContent>
        <TabsContent value="exceptions">
          <HourExceptions />
        </TabsContent>
        <TabsContent value="days">
          <DaysThatMatter />
        </TabsContent>
      </Tabs>
    </section>
  )
}
