import { Outlet } from 'react-router'

/** The public site's frame (navigation and footer come with the public-site work). */
export default function SiteLayout() {
  return <Outlet />
}
