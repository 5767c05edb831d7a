import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { PanelHeader } from '../panel'
import { HourExceptions } from './hour-exceptions'
import { StandardHours } from './standard-hours'

/** Table Booking Hours (SPEC.md section 2): the usual week, and the dates that differ. */
export default function HoursPanel() {
  return (
    <section aria-labelledby="hours-title" className="space-y-5">
      <PanelHeader
        titleId="hours-title"
        title="Table Booking Hours"
        description="When guests can book a table online. The booking page and its calendar follow these at once."
      />
      <Tabs defaultValue="standard">
        <TabsList>
          <TabsTrigger value="standard">Standard Hours</TabsTrigger>
          <TabsTrigger value="exceptions">Hour Exceptions</TabsTrigger>
        </TabsList>
        <TabsContent value="standard">
          <StandardHours />
        </TabsContent>
        <TabsContent value="exceptions">
          <HourExceptions />
        </TabsContent>
      </Tabs>
    </section>
  )
}
