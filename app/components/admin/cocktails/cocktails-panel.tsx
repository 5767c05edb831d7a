import { useQuery } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import * as React from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '#common/settings'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { onDemand } from '~/components/ui/on-demand'
import { useCan } from '~/lib/current-user'
import { cocktailsQuery } from '~/lib/queries/cocktails'
import { ErrorState, LoadingState, PanelHeader } from '../panel'
import { Gallery } from './gallery'

// The editor (with the schema and form libraries, and the upload control) loads when staff reach for Edit.
const loadEditor = () => import('./cocktails-editor')
const CocktailsEditor = onDemand(() => loadEditor().then((m) => m.CocktailsEditor), {
  loading: <LoadingState />,
  failed: (retry) => <ErrorState message={ADMIN_MESSAGES.partLoadFailed} onRetry={retry} />,
})

function Shown({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 whitespace-pre-line">{value || '—'}</dd>
    </div>
  )
}

function ViewMode({ content }: { content: CocktailsContent }) {
  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Text</h2>
        </CardHeader>
        <CardContent>
          <dl className="space-y-4">
            <Shown label="Intro text" value={content.introText} />
            <Shown label="Description" value={content.descriptionText} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Special offer</h2>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Shown label="Offer title" value={content.specialOfferTitle} />
            <Shown label="Offer details" value={content.specialOfferDetails} />
            <Shown label="Offer times" value={content.specialOfferTimes} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Gallery</h2>
          <CardDescription>{content.galleryImages.length} image(s)</CardDescription>
        </CardHeader>
        <CardContent>
          <Gallery images={content.galleryImages} />
        </CardContent>
      </Card>
    </>
  )
}

/**
 * SPEC.md section 2 "Cocktails Page Content": view mode and edit mode, gallery uploads through the shared
 * control. Editing is for managers and owners; staff see the view.
 */
export default function CocktailsPanel() {
  const canWrite = useCan('content.write')
  const query = useQuery(cocktailsQuery)
  // SPEC.md section 7: a failed GET falls back to the defaults.
  const content = query.data ?? (query.isError ? COCKTAILS_DEFAULTS : undefined)
  const [editing, setEditing] = React.useState(false)

  return (
    <section aria-labelledby="cocktails-title" className="space-y-6">
      <PanelHeader
        titleId="cocktails-title"
        title="Cocktails Page Content"
        description={`What guests see on the Cocktails page.${canWrite ? '' : ` ${ADMIN_MESSAGES.managerChanges('it')}`}`}
        actions={
          canWrite && content && !editing && !query.isError ? (
            <Button type="button" onClick={() => setEditing(true)} onPointerEnter={() => void loadEditor()} onFocus={() => void loadEditor()}>
              <Pencil aria-hidden="true" />
              Edit Content
            </Button>
          ) : undefined
        }
      />
      {query.isError && !editing && (
        <ErrorState
          message="The saved content could not be loaded. Shown below are the defaults the public page falls back to; editing is off until it loads."
          onRetry={() => void query.refetch()}
        />
      )}
      {!content ? (
        <LoadingState />
      ) : editing ? (
        <CocktailsEditor content={content} onDone={() => setEditing(false)} />
      ) : (
        <ViewMode content={content} />
      )}
    </section>
  )
}
