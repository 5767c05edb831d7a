import { E2E_ADMIN } from '../../playwright.config'
import { expect, gotoHydrated, signIn, test, toastWith } from './fixtures'

test.describe('staff sign-in', () => {
  test('redirects a signed-out visitor from /admin to /login', async ({ page, consoleErrors }) => {
    // Signed out, /admin hears 'nobody' from /api/user: a 401 the browser logs.
    consoleErrors.allow('status of 401')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible()
  })

  test('shows the field messages for an empty form', async ({ page }) => {
    await gotoHydrated(page, '/login')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByText('Username is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
  })

  test('Log In keeps focus while it signs in, a refusal leaves it there, and Enter meanwhile sends nothing more', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow('status of 401')
    let posts = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/login', async (route) => {
      posts++
      await held
      await route.continue()
    })
    await gotoHydrated(page, '/login')
    await page.getByLabel('Username').fill(`nobody-${Date.now().toString(36)}`)
    const password = page.getByLabel('Password')
    await password.fill('not-the-password')
    await password.press('Enter')
    const busy = page.getByRole('button', { name: 'Logging in...' })
    await expect(busy).toHaveAttribute('aria-disabled', 'true')
    // Enter in a field sends the form through its button, and so does Enter on the button: while it runs, neither does.
    await password.press('Enter')
    await busy.focus()
    await page.keyboard.press('Enter')
    await expect(busy).toBeFocused()
    release()
    await expect(toastWith(page, 'Login failed')).toHaveCount(1)
    // Still where the keyboard was (a disabled button had dropped focus to the page), ready to try again.
    await expect(page.getByRole('button', { name: 'Log In' })).toBeFocused()
    expect(posts).toBe(1)
  })

  test('a wrong password shows the Login failed toast', async ({ page, consoleErrors }) => {
    // The refused sign-in, which the browser logs.
    consoleErrors.allow('status of 401')
    await gotoHydrated(page, '/login')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    const toast = toastWith(page, 'Login failed')
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Invalid username or password')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('signs in, lands on /admin with a toast, and signs out', async ({ page, consoleErrors }) => {
    await signIn(page)
    await expect(toastWith(page, 'Login successful')).toBeVisible()
    const sidebar = page.getByRole('navigation', { name: 'Administrator' })
    await expect(sidebar).toBeVisible()
    for (const label of [
      'All Reservations',
      'Pending Reservations',
      'Tables & Areas',
      'Opening Hours',
      'Events Management',
      'Event Enquiries',
      'PDF Menus',
      'Cocktails',
      'Hero Slides',
      'Marketing Emails',
      'Email Templates',
      'Settings',
    ]) {
      // The label, then the count when other tests have left pending bookings or new enquiries
      // ('Pending Reservations 2 pending reservations', 'Event Enquiries 3 new').
      await expect(sidebar.getByRole('link', { name: new RegExp(`^${label}(?:\\s*\\d+ (?:pending reservations?|new))?$`) })).toBeVisible()
    }

    await sidebar.getByRole('link', { name: 'Pending Reservations' }).click()
    await expect(page).toHaveURL(/\/admin\?section=pending$/)
    await page.goBack()
    await expect(page).not.toHaveURL(/section=pending/)

    await sidebar.getByRole('link', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    // Let the home page finish loading (its route discovery fetches), or leaving it aborts them.
    await page.waitForLoadState('networkidle')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login$/)
    // /admin asks who is signed in: nobody, a 401 the browser logs.
    consoleErrors.allow('status of 401')
  })
})

test.describe('toasts', () => {
  test('show one at a time, and F8 focuses the notification region', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 401')
    await gotoHydrated(page, '/login')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill('wrong-1')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(toastWith(page, 'Login failed')).toHaveCount(1)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled()
    await expect(toastWith(page, 'Login failed')).toHaveCount(1)

    await page.keyboard.press('F8')
    const region = page.getByRole('region', { name: /Notifications/ })
    await expect(region).toBeAttached()
    await expect(page.locator(':focus')).toHaveAttribute('tabindex', '-1')
    expect(await page.evaluate(() => document.activeElement?.closest('[role=region]')?.getAttribute('aria-label'))).toMatch(
      /Notifications/,
    )
  })

  test('close after 5 seconds', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 401')
    await gotoHydrated(page, '/login')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill('wrong-2')
    await page.getByRole('button', { name: 'Log In' }).click()
    const toast = page.locator('li[data-state=open]').filter({ hasText: 'Login failed' })
    await expect(toast).toBeVisible()
    const shownAt = Date.now()
    await page.mouse.move(0, 0)
    await expect(toast).toBeHidden({ timeout: 8_000 })
    const shownFor = Date.now() - shownAt
    expect(shownFor).toBeGreaterThan(4_000)
    expect(shownFor).toBeLessThan(6_500)
  })
})

test('/admin shows Loading... while the auth status loads', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 401')
  let release: () => void = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/user', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/admin')
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible()
  release()
  await expect(page).toHaveURL(/\/login$/)
})

test('an unknown page answers 404 with its message', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 404')
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
})

test.describe('sign-in before the script has loaded', () => {
  test('the plain form signs in and lands on /admin', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await context.close()
  })

  test('a wrong password comes back to the form, which says so once the script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page).toHaveURL(/\/login\?error=invalid$/)
    await context.close()
  })

  test('the form reports a failure it was sent back with', async ({ page }) => {
    await page.goto('/login?error=invalid')
    const toast = toastWith(page, 'Login failed')
    await expect(toast).toContainText('Invalid username or password')
    await expect(page).toHaveURL(/\/login$/)
  })
})
