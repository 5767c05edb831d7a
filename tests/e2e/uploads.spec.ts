import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, signIn, test, toastWith } from './fixtures'

const MB = 1024 * 1024
let dir: string
let photoPath: string
let hugePath: string

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-uploads-'))
  // Noise does not compress: about 2 MB of JPEG, enough to watch on a throttled line.
  const width = 1400
  const height = 1000
  const noise = Buffer.alloc(width * height * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
  photoPath = path.join(dir, 'negroni.jpg')
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toFile(photoPath)
  // 51 MB that starts like a JPEG.
  hugePath = path.join(dir, 'huge-photo.jpg')
  const huge = Buffer.alloc(51 * MB)
  Buffer.from('ffd8ffe000104a464946', 'hex').copy(huge)
  fs.writeFileSync(hugePath, huge)
})

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Slows uploads to `bytesPerSecond` (Chrome's own network throttling, which upload progress events follow). */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
  return cdp
}

/**
 * Console errors of the page, with the URL they are about. Left out: the
 * favicon (not part of this feature) and Playwright's own trace recorder
 * fetching blob: previews (it does so only while tracing).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const text = `${msg.text()} @ ${msg.location().url}`
    if (/\/favicon\.ico$/.test(msg.location().url) || /^Connecting to 'blob:/.test(msg.text())) return
    errors.push(text)
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

async function openCocktailsEditor(page: Page) {
  await signIn(page)
  await page.goto('/admin?section=cocktails')
  await expect(page.getByRole('heading', { name: 'Cocktails Page Content' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit Content' }).click()
  await expect(page.getByLabel('Upload gallery images')).toBeAttached()
}

test.describe('uploads in the Cocktails panel', () => {
  test('uploads a photo with a moving progress bar and a preview, saves it, and the public page shows it', async ({ page }) => {
    // A throttled 2 MB upload, then the server's WebP variants of 2 MB of noise: on a busy
    // machine this takes a while.
    test.slow()
    const errors = collectErrors(page)
    await openCocktailsEditor(page)
    // The line stays slow for the whole upload, as a guest's would.
    await throttleUploads(page, 1024 * 1024)

    await page.getByLabel('Upload gallery images').setInputFiles(photoPath)
    const bar = page.getByRole('progressbar', { name: 'Uploading negroni.jpg' })
    await expect(bar).toBeVisible()
    await expect(page.getByRole('img', { name: 'Preview of negroni.jpg' })).toBeVisible()
    // The bar moves: some value strictly between 0 and 100 is seen while the bytes go out.
    const seen = new Set<number>()
    await expect
      .poll(
        async () => {
          const value = Number(await bar.getAttribute('aria-valuenow').catch(() => null))
          if (value) seen.add(value)
          return [...seen].some((v) => v > 0 && v < 100)
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true)
    await expect(toastWith(page, 'Gallery Images Uploaded')).toContainText(
      'Successfully uploaded 1 image(s)',
      { timeout: 40_000 },
    )
    await expect(bar).toBeHidden()
    const thumbnail = page.getByRole('img', { name: 'Gallery image 1' })
    await expect(thumbnail).toBeVisible()

    await page.getByRole('button', { name: 'Save Changes' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Save changes?' })
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await expect(toastWith(page, 'Success!')).toContainText('Saved successfully!')

    // View mode shows the saved image, from its WebP variants.
    const saved = page.getByRole('list', { name: 'Gallery images' }).getByRole('img', { name: 'Gallery image 1' })
    await expect(saved).toBeVisible()
    await expect(saved).toHaveAttribute('srcset', /\/uploads\/[a-f0-9]{32}-480w\.webp 480w/)
    await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(errors).toEqual([])

    // The public page: a bare file name in galleryImages is an upload, shown from its WebP variants.
    const publicPage = await page.goto('/cocktails')
    expect(publicPage?.status()).toBe(200)
    const content = await (await page.request.get('/api/cocktails-content')).json()
    const base = String(content.galleryImages[0]).replace(/\.jpg$/, '')
    const onPage = page.locator(`img[src*="${base}"]`).first()
    await expect(onPage).toHaveAttribute('srcset', new RegExp(`/uploads/${base}-480w\\.webp 480w`))
    await onPage.scrollIntoViewIfNeeded()
    await expect.poll(() => onPage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  })

  test('a file over 50MB is refused with the gallery message naming the file, in the Upload Error dialog', async ({ page }) => {
    const errors = collectErrors(page)
    await openCocktailsEditor(page)
    const before = await page.getByRole('img', { name: /^Gallery image/ }).count()
    await page.getByLabel('Upload gallery images').setInputFiles(hugePath)
    const dialog = page.getByRole('alertdialog', { name: 'Upload Error' })
    await expect(dialog).toContainText('File upload failed')
    await expect(dialog).toContainText('huge-photo.jpg is too large. Please choose a smaller image (under 50MB).')
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByText('huge-photo.jpg is too large. Please choose a smaller image (under 50MB).')).toBeVisible()
    await expect(page.getByRole('img', { name: /^Gallery image/ })).toHaveCount(before)
    expect(errors).toEqual([])
  })

  test('a text file dressed as a PNG is refused by the server and named in the message', async ({ page, consoleErrors }) => {
    consoleErrors.allow('status of 415')
    const errors = collectErrors(page)
    await openCocktailsEditor(page)
    await page.getByLabel('Upload gallery images').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a picture'),
    })
    const dialog = page.getByRole('alertdialog', { name: 'Upload Error' })
    await expect(dialog).toContainText('File upload failed')
    await expect(dialog).toContainText('Failed to upload notes.png')
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByText('Unsupported file type. Upload a PNG, JPEG, GIF, WebP image or a PDF.')).toBeVisible()
    // The browser logs the refused request itself; nothing else may appear.
    expect(errors.filter((e) => !/status of 415 .* @ .*\/api\/admin\/upload$/.test(e))).toEqual([])
  })

  test('a non-image file gives Please select an image file', async ({ page }) => {
    await openCocktailsEditor(page)
    await page.getByLabel('Upload gallery images').setInputFiles({
      name: 'menu.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a list of drinks'),
    })
    const dialog = page.getByRole('alertdialog', { name: 'Upload Error' })
    await expect(dialog).toContainText('Please select an image file')
  })

  test('cancel stops an upload in flight', async ({ page }) => {
    await openCocktailsEditor(page)
    const before = await page.getByRole('img', { name: /^Gallery image/ }).count()
    await throttleUploads(page, 64 * 1024)
    await page.getByLabel('Upload gallery images').setInputFiles(photoPath)
    const bar = page.getByRole('progressbar', { name: 'Uploading negroni.jpg' })
    await expect(bar).toBeVisible()
    // An upload on its way counts as a change being saved: leaving the page would ask first.
    await expect(page.locator('html[data-saving]')).toHaveCount(1)
    await page.getByRole('button', { name: 'Cancel upload of negroni.jpg' }).click()
    await expect(bar).toBeHidden()
    await expect(page.locator('html[data-saving]')).toHaveCount(0)
    await expect(page.getByRole('img', { name: /^Gallery image/ })).toHaveCount(before)
    await expect(toastWith(page, 'Gallery Images Uploaded')).toHaveCount(0)
  })
})
