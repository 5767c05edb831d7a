import { Outlet } from 'react-router'
import { loadSiteData } from '~/lib/site-data'
import type { Route } from './+types/site-layout'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSiteData(context)
}

/** The public site's frame: navigation, footer and cookie banner around every public page. */
export default function SiteLayout() {
  return <Outlet />
}
