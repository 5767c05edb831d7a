import { data, Link } from 'react-router'
import { MESSAGES } from '../../common/messages'

export function loader() {
  return data(null, { status: 404 })
}

export function meta() {
  return [{ title: MESSAGES.notFoundPage }, { name: 'robots', content: 'noindex' }]
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{MESSAGES.notFoundPage}</h1>
      <p className="mt-4 text-muted-foreground">The page you are looking for does not exist.</p>
      <Link className="mt-8 inline-block underline" to="/">
        Back to the home page
      </Link>
    </main>
  )
}
