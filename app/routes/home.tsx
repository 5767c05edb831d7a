import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
  return { venue: await context.services.settings.venue() }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.venue.venue_name ?? 'Home' }]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { venue } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-4xl font-bold">{venue.venue_name}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{venue.venue_address}</p>
      <p className="mt-2">
        <a className="underline" href={`tel:${venue.venue_phone.replace(/\s/g, '')}`}>
          {venue.venue_phone}
        </a>
      </p>
    </main>
  )
}
